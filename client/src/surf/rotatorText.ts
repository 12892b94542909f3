import { LANGUAGE_NAMES } from '@shared/constants/languages.js';

/** "English, German and 3 more"; "every language" when none is chosen. */
export function chosenLanguagesText(codes: readonly string[]): string {
  if (codes.length === 0) return 'every language';
  const names = codes.map((code) => LANGUAGE_NAMES[code] ?? code);
  if (names.length <= 3) return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}
