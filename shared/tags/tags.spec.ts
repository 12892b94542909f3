import { tagSchema } from './tags.js';

describe('a tag', () => {
  it('is read as typed: trimmed, without a leading #, lower case', () => {
    expect(tagSchema.parse('  #Travel ')).toBe('travel');
    expect(tagSchema.parse('tech-2')).toBe('tech-2');
  });

  it("refuses the reserved social codes 'u' and 'g' in any case, and what is not letters, digits and dashes", () => {
    for (const reserved of ['u', 'G', '#g']) {
      expect(tagSchema.safeParse(reserved).error?.issues[0].message).toBe('"u" and "g" cannot be used as tags.');
    }
    for (const malformed of ['', '-start', 'two words', 'a'.repeat(31), 'ünïcode']) {
      expect(tagSchema.safeParse(malformed).success).toBe(false);
    }
  });
});
