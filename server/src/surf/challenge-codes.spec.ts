import { challengeAnswer, challengeCodes, CODES_SHOWN } from './challenge-codes.js';

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
});
