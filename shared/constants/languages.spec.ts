import { rotatorLanguageOptions } from './languages.js';

describe('post rotator languages', () => {
  it('lists en, es, de, fr, ru first, then a disabled blank, then the rest by name', () => {
    const options = rotatorLanguageOptions();
    expect(options.slice(0, 6).map((option) => option.code)).toEqual(['en', 'es', 'de', 'fr', 'ru', '']);
    expect(options[5]).toEqual({ code: '', name: '', disabled: true });
    const rest = options.slice(6).map((option) => option.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(rest).not.toContain('English');
  });
});
