import { notificationsPageNumber, notificationsPagePath } from './notificationsPageNumber.js';

describe('the notifications page number', () => {
  it('reads ?page from the address and falls back to the first page', () => {
    expect(notificationsPageNumber('?page=3')).toBe(3);
    expect(notificationsPageNumber('')).toBe(1);
    expect(notificationsPageNumber('?page=0')).toBe(1);
    expect(notificationsPageNumber('?page=2.5')).toBe(1);
    expect(notificationsPageNumber('?page=abc')).toBe(1);
    expect(notificationsPageNumber('?page=1000000')).toBe(1);
  });

  it('keeps the first page at the plain address', () => {
    expect(notificationsPagePath(1)).toBe('/notifications');
    expect(notificationsPagePath(4)).toBe('/notifications?page=4');
  });
});
