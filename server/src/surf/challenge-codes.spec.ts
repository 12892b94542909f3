import { CODE_ALPHABET, challengeAnswer, challengeCodes, CODES_SHOWN, LOOK_ALIKE_CLASSES } from './challenge-codes.js';

/** Places at which two codes differ. */
function distance(a: string, b: string): number {
  return [...a].filter((char, i) => char !== b[i]).length;
}

/** How a code stands to the others of its set: its distances to them, sorted. */
function profile(code: string, codes: string[]): string {
  return codes
    .filter((other) => other !== code)
    .map((other) => distance(code, other))
    .sort()
    .join('');
}

const classOf = (char: string) => LOOK_ALIKE_CLASSES.findIndex((members) => members.includes(char));

describe('challenge codes', () => {
  it(`shows ${CODES_SHOWN} different codes of the alphabet, the answer among them, at a random place`, () => {
    const places = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const answer = challengeAnswer();
      const codes = challengeCodes(answer);
      expect(codes).toHaveLength(CODES_SHOWN);
      expect(new Set(codes).size).toBe(CODES_SHOWN);
      for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
      places.add(codes.indexOf(answer));
    }
    expect([...places].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('sorts the whole alphabet into the look-alike classes, eight each', () => {
    expect(LOOK_ALIKE_CLASSES.map((members) => members.length)).toEqual([8, 8, 8, 8]);
    expect([...LOOK_ALIKE_CLASSES.join('')].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
  });

  it('makes every decoy differ from the answer in one or two places, and share the other places with it', () => {
    for (let i = 0; i < 200; i++) {
      const answer = challengeAnswer();
      const codes = challengeCodes(answer);
      expect(profile(answer, codes)).toBe('11222');
      const varying = [0, 1, 2, 3].filter((place) => new Set(codes.map((code) => code[place])).size > 1);
      expect(varying).toHaveLength(2);
      for (const place of varying) {
        // Three characters at a varying place, each in two codes, from three look-alike classes.
        const chars = codes.map((code) => code[place]);
        const counts = [...new Set(chars)].map((char) => chars.filter((other) => other === char).length);
        expect(counts).toEqual([2, 2, 2]);
        expect(new Set([...new Set(chars)].map(classOf)).size).toBe(3);
      }
    }
  });

  it('gives the answer away in nothing: every code of a set stands to the others exactly as the answer does', () => {
    // A script that sees only the options (or reads the places they share) has nothing to go on:
    // every code has the same distances to the others, and each character at a place is in as
    // many codes as any other there.
    for (let i = 0; i < 200; i++) {
      const codes = challengeCodes(challengeAnswer());
      const profiles = new Set(codes.map((code) => profile(code, codes)));
      expect([...profiles]).toEqual(['11222']);
    }
  });

  it('does not favour the answer in how a set is built: sorted, the set has the answer at each rank as often', () => {
    // Sort the codes of a set by their characters: the answer's rank must be uniform over the six,
    // or a script could pick by rank. Over 6000 sets each rank expects 1000 (± 4 standard deviations).
    const ranks = new Array<number>(CODES_SHOWN).fill(0);
    for (let i = 0; i < 6000; i++) {
      const answer = challengeAnswer();
      ranks[[...challengeCodes(answer)].sort().indexOf(answer)]++;
    }
    for (const count of ranks) {
      expect(count).toBeGreaterThan(1000 - 4 * 29);
      expect(count).toBeLessThan(1000 + 4 * 29);
    }
  });
});
