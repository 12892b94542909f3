import { slugOf } from './groups.js';

describe("a group's address from its name", () => {
  it('keeps lower case ASCII letters and digits, accents dropped, everything else one dash', () => {
    expect(slugOf('Café Crème!')).toBe('cafe-creme');
    expect(slugOf('  Rock & Roll -- 2024  ')).toBe('rock-roll-2024');
  });

  it('is "group" when nothing is left, and short enough for a numbered suffix', () => {
    expect(slugOf('日本語')).toBe('group');
    expect(slugOf('!!!')).toBe('group');
    const long = slugOf('a'.repeat(100));
    expect(long.length).toBeLessThanOrEqual(34);
    expect(slugOf(`${'b'.repeat(33)} c`)).toBe('b'.repeat(33));
  });
});
