import { pageParam } from './pageParam.js';

describe('the page a list address asks for', () => {
  it('reads ?page and falls back to the first page for anything else', () => {
    expect(pageParam('?page=3')).toBe(3);
    expect(pageParam(new URLSearchParams('state=open&page=7'))).toBe(7);
    expect(pageParam('')).toBe(1);
    expect(pageParam('?page=0')).toBe(1);
    expect(pageParam('?page=-2')).toBe(1);
    expect(pageParam('?page=2.5')).toBe(1);
    expect(pageParam('?page=abc')).toBe(1);
    expect(pageParam('?page=1000000')).toBe(1);
  });
});
