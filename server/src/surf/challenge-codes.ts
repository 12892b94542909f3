import { randomInt } from 'node:crypto';

/** The characters of a code: no 0/O, 1/I, which are hard to tell apart in the picture. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 4;
/** How many codes a challenged ticket shows as options, the answer among them. */
export const CODES_SHOWN = 6;

/** The code a challenged ticket asks for; drawn for every ticket, used only when the member's score calls for it. */
export function challengeAnswer(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The codes shown: the answer among others, at a random place. */
export function challengeCodes(answer: string): string[] {
  const others = new Set<string>();
  while (others.size < CODES_SHOWN - 1) {
    const code = challengeAnswer();
    if (code !== answer) others.add(code);
  }
  const codes = [...others];
  codes.splice(randomInt(CODES_SHOWN), 0, answer);
  return codes;
}
