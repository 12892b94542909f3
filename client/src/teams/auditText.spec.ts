import type { TeamAuditItem } from '@shared/teams/teams.js';
import { auditText } from './auditText.js';

const row = (action: TeamAuditItem['action'], details: TeamAuditItem['details']): TeamAuditItem => ({
  id: 1,
  action,
  actor: { id: 1, username: 'ann' },
  details,
  postTitle: details.pid === undefined ? null : 'Spring sale',
  at: '2026-11-24T09:00:00.000Z',
});

describe('audit rows in words', () => {
  it('says a role change with whom it concerned and the roles before and after', () => {
    expect(auditText(row('role_changed', { target: { id: 2, username: 'bob' }, fromRole: 'analyst', role: 'manager' }))).toBe(
      'Changed a role: @bob, analyst → manager',
    );
  });

  it('says an invitation with the role offered', () => {
    expect(auditText(row('member_invited', { target: { id: 2, username: 'bob' }, role: 'analyst' }))).toBe(
      'Invited a member: @bob, as analyst',
    );
  });

  it('says a credit move with its amount, a rename with the new name, a campaign change with its post', () => {
    expect(auditText(row('credits_deposited', { amount: 1 }))).toBe('Moved credits to the team: 1 credit');
    expect(auditText(row('team_updated', { name: 'Acme' }))).toBe('Changed the team: named “Acme”');
    expect(auditText(row('campaign_changed', { pid: 42 }))).toBe('Changed a campaign: “Spring sale”');
    expect(auditText(row('campaign_changed', { campaign: 'credits_assigned', pid: 42, amount: 5 }))).toBe(
      'Changed a campaign: moved credits to a campaign, “Spring sale”, 5 credits',
    );
    expect(auditText(row('campaign_changed', { campaign: 'daily_view_cap_set', pid: 42, dailyViewCap: 100 }))).toBe(
      'Changed a campaign: changed a campaign’s daily view cap, “Spring sale”, 100 views a day',
    );
  });

  it('says the action alone when it carries no details', () => {
    expect(auditText(row('team_created', {}))).toBe('Created the team');
  });
});
