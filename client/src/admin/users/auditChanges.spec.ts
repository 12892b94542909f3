import { auditChanges, auditTargetText } from './auditChanges.js';

describe('an audit row in words', () => {
  it('lists only the fields that changed, with their labels and readable values', () => {
    const before = { name: 'Surfex', signups: true, surf: { dailyEarningCap: 100, timerSeconds: null, challengeAt: 300 } };
    const after = { name: 'Surfex', signups: false, surf: { dailyEarningCap: 200, timerSeconds: 20, challengeAt: 300 } };
    expect(auditChanges({ before, after })).toEqual([
      { field: 'Signups', before: 'yes', after: 'no' },
      { field: 'Surf · Daily cap', before: '100', after: '200' },
      { field: 'Surf · Countdown (seconds)', before: 'default', after: '20' },
    ]);
  });

  it('shows what a creation set and what a deletion removed, and cuts long text', () => {
    expect(auditChanges({ before: null, after: { name: 'Big pack', priceMinor: 1200 } })).toEqual([
      { field: 'Name', after: 'Big pack' },
      { field: 'Price (cents)', after: '1,200' },
    ]);
    const removed = auditChanges({ before: { markdown: 'x'.repeat(200) }, after: null });
    expect(removed).toEqual([{ field: 'Markdown', before: `${'x'.repeat(79)}…` }]);
  });

  it('names the target by its kind and name, not as an order', () => {
    expect(auditTargetText({ targetType: 'credit_pack', targetId: '3', targetName: 'Big pack' })).toBe('Credit pack “Big pack”');
    expect(auditTargetText({ targetType: 'announcement', targetId: '9', targetName: null })).toBe('Announcement 9');
    expect(auditTargetText({ targetType: 'site_settings', targetId: '1', targetName: null })).toBe('Site settings');
  });
});
