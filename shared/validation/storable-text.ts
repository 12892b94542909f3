/**
 * Characters PostgreSQL refuses in `text` and `jsonb`: NUL, and UTF-16 surrogates that are not
 * part of a pair (a lone surrogate has no UTF-8 encoding). In `u` mode a well-formed pair reads
 * as one code point, so only lone surrogates match `\p{Cs}`.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character to find
const UNSTORABLE = /[\u0000\p{Cs}]/u;
// eslint-disable-next-line no-control-regex -- as above
const UNSTORABLE_ALL = /[\u0000\p{Cs}]/gu;

/** What a person reads when a field holds such a character. */
export const UNSTORABLE_TEXT_MESSAGE = 'This text contains a character that is not allowed.';

/** True when PostgreSQL can store the string as it is. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * The string without NUL, each lone surrogate replaced by U+FFFD, cut to at most `maxLength`
 * UTF-16 units without splitting a surrogate pair: text any schema of shared/ accepts, for
 * values the client records from outside (page addresses, the referrer).
 */
export function toStorableText(value: string, maxLength: number): string {
  const clean = value.replace(UNSTORABLE_ALL, (character) => (character === '\u0000' ? '' : '\uFFFD'));
  if (clean.length <= maxLength) return clean;
  const cut = clean.slice(0, maxLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
