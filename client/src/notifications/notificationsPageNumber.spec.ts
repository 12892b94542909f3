import { notificationsPagePath } from './notificationsPageNumber.js';

describe('the notifications page address', () => {
  it('keeps the first page at the plain address', () => {
    expect(notificationsPagePath(1)).toBe('/notifications');
    expect(notificationsPagePath(4)).toBe('/notifications?page=4');
  });
});
