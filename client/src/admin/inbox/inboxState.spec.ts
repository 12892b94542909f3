import { inboxPageOf, inboxPath, messageState } from './inboxState.js';

describe('the inbox state', () => {
  it('shows answered over read over unread', () => {
    expect(messageState({ readAt: null, answeredAt: null }).label).toBe('Unread');
    expect(messageState({ readAt: '2026-01-01T00:00:00Z', answeredAt: null }).label).toBe('Read');
    expect(messageState({ readAt: '2026-01-01T00:00:00Z', answeredAt: '2026-01-02T00:00:00Z' }).label).toBe('Answered');
  });

  it('reads the page from the address and writes it back', () => {
    expect(inboxPageOf('?page=3')).toBe(3);
    expect(inboxPageOf('?page=0')).toBe(1);
    expect(inboxPageOf('?page=x')).toBe(1);
    expect(inboxPath(1)).toBe('/admin/inbox');
    expect(inboxPath(2)).toBe('/admin/inbox?page=2');
  });
});
