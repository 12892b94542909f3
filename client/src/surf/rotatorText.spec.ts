import { chosenLanguagesText } from './rotatorText.js';

describe('post rotator summary', () => {
  it('names the chosen languages, shortly', () => {
    expect(chosenLanguagesText([])).toBe('every language');
    expect(chosenLanguagesText(['en'])).toBe('English');
    expect(chosenLanguagesText(['en', 'de'])).toBe('English and German');
    expect(chosenLanguagesText(['en', 'de', 'fr'])).toBe('English, German and French');
    expect(chosenLanguagesText(['en', 'de', 'fr', 'ru', 'es'])).toBe('English, German and 3 more');
  });
});
