import { randomInt } from 'node:crypto';

/** The characters of a code: no 0/O, 1/I, which are hard to tell apart in the picture. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 4;
/** How many codes a challenged ticket shows as options, the answer among them. */
export const CODES_SHOWN = 6;

/**
 * The alphabet in four classes of eight, the characters that look alike in the picture in the
 * same class (round, bowls, diagonals, straight). The three characters an option set offers at a
 * place come from three different classes, so a person tells them apart at a glance.
 */
export const LOOK_ALIKE_CLASSES = ['CDGJQU69', 'BEFRS358', 'AKMNVWXY', 'HLPTZ247'] as const;

/** The code a challenged ticket asks for; drawn for every ticket, used only when the member's score calls for it. */
export function challengeAnswer(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The answer's character and two more, one from each of two other classes, in a random order. */
function candidatesAt(character: string): string[] {
  const own = LOOK_ALIKE_CLASSES.findIndex((members) => members.includes(character));
  const others = shuffled(LOOK_ALIKE_CLASSES.filter((_, i) => i !== own)).slice(0, 2);
  return shuffled([character, ...others.map((members) => members[randomInt(members.length)])]);
}

/**
 * The codes shown: the answer and five others that share two of its places and differ in the
 * other two. At those two places there are three characters each (rows and columns of a 3 × 3
 * grid); the six codes are the grid's cells off one random diagonal that leaves out the answer.
 * Every code then stands to the other five exactly as the answer does (one differs at the first
 * place only, one at the second only, three at both), every character appears in two codes or in
 * all six, and any answer yields any such set equally often: the options alone, or a part of the
 * code read in the picture that the options share, single nothing out.
 */
export function challengeCodes(answer: string): string[] {
  const [first, second] = shuffled([0, 1, 2, 3]).slice(0, 2);
  const rows = candidatesAt(answer[first]);
  const columns = candidatesAt(answer[second]);
  const answerRow = rows.indexOf(answer[first]);
  const answerColumn = columns.indexOf(answer[second]);
  // A diagonal: row r is paired with column (r + shift) mod 3; any shift but the one through the answer.
  const shifts = [0, 1, 2].filter((shift) => (answerRow + shift) % 3 !== answerColumn);
  const shift = shifts[randomInt(shifts.length)];
  const codes: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      if ((row + shift) % 3 === column) continue;
      const code = [...answer];
      code[first] = rows[row];
      code[second] = columns[column];
      codes.push(code.join(''));
    }
  }
  return shuffled(codes);
}
