/**
 * A stroke font for the challenge alphabet, drawn by the challenge image itself so it needs no
 * system font. A glyph is strokes separated by `|`; a stroke is points `xy` on a 4 × 6 grid
 * (x right, y down), drawn as one line through them.
 */
export const GLYPH_WIDTH = 4;
export const GLYPH_HEIGHT = 6;

const STROKES: Record<string, string> = {
  A: '06 20 46|14 34',
  B: '00 06 36 45 44 33 03|00 30 41 42 33',
  C: '41 30 10 01 05 16 36 45',
  D: '00 06 26 44 42 20 00',
  E: '40 00 06 46|03 33',
  F: '40 00 06|03 33',
  G: '41 30 10 01 05 16 36 45 43 23',
  H: '00 06|40 46|03 43',
  J: '10 40|30 35 26 16 05',
  K: '00 06|40 04|13 46',
  L: '00 06 46',
  M: '06 00 23 40 46',
  N: '06 00 46 40',
  P: '06 00 30 41 42 33 03',
  Q: '10 30 41 45 36 16 05 01 10|24 46',
  R: '06 00 30 41 42 33 03|23 46',
  S: '41 30 10 01 02 13 33 44 45 36 16 05',
  T: '00 40|20 26',
  U: '00 05 16 36 45 40',
  V: '00 26 40',
  W: '00 16 23 36 40',
  X: '00 46|40 06',
  Y: '00 23 40|23 26',
  Z: '00 40 06 46',
  '2': '01 10 30 41 42 06 46',
  '3': '01 10 30 41 42 33 13|33 44 45 36 16 05',
  '4': '36 30 04 44',
  '5': '40 00 03 33 44 45 36 16 05',
  '6': '41 30 10 01 05 16 36 45 44 33 03',
  '7': '00 40 16',
  '8': '13 02 01 10 30 41 42 33 13 04 05 16 36 45 44 33',
  '9': '43 13 02 01 10 30 41 45 36 16 05',
};

export type Stroke = [x: number, y: number][];

/** The strokes of one character of the challenge alphabet. */
export function glyphStrokes(character: string): Stroke[] {
  const strokes = STROKES[character];
  if (strokes === undefined) throw new Error(`No glyph for ${JSON.stringify(character)}`);
  return strokes.split('|').map((stroke) => stroke.split(' ').map((point) => [Number(point[0]), Number(point[1])]));
}

/** The characters the font draws. */
export const GLYPH_CHARACTERS = Object.keys(STROKES).join('');
