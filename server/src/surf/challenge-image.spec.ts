import sharp from 'sharp';
import { CHALLENGE_IMAGE_SIZE } from '@shared/surf/surf.js';
import { GLYPH_CHARACTERS } from './challenge-glyphs.js';
import { CODE_ALPHABET } from './challenge-codes.js';
import { challengeSvg, renderChallengeImage } from './challenge-image.js';

describe('the challenge image', () => {
  it('is a PNG of the expected size', async () => {
    const png = await renderChallengeImage('AB23');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ ...CHALLENGE_IMAGE_SIZE, format: 'png' });
  });

  it('is new on every call: two pictures of the same code differ', async () => {
    const [one, two] = await Promise.all([renderChallengeImage('K7QX'), renderChallengeImage('K7QX')]);
    expect(one.equals(two)).toBe(false);
  });

  it('draws the code as shapes, never as text a script could read', () => {
    const svg = challengeSvg('HJ9M');
    expect(svg).not.toMatch(/<text|HJ9M/);
  });

  it('has a glyph for every character a code is drawn from, and for nothing else', () => {
    expect([...GLYPH_CHARACTERS].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
    expect(() => challengeSvg(CODE_ALPHABET)).not.toThrow();
  });
});
