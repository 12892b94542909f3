import { inboxPath, messageState } from './inboxState.js';

describe('the inbox state', () => {
  it('shows answered over read over unread', () => {
    expect(messageState({ readAt: null, answeredAt: null }).label).toBe('Unread');
    expect(messageState({ readAt: '2026-01-01T00:00:00Z', answeredAt: null }).label).toBe('Read');
    expect(messageState({ readAt: '2026-01-01T00:00:00Z', answeredAt: '2026-01-02T00:00:00Z' }).label).toBe('Answered');
  });

  it('writes the page into the address, the first page without it', () => {
    expect(inboxPath(1)).toBe('/admin/inbox');
    expect(inboxPath(2)).toBe('/admin/inbox?page=2');
  });
});
