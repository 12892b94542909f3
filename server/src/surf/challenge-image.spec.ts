import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { CHALLENGE_IMAGE_SIZE } from '@shared/surf/surf.js';
import { GLYPH_CHARACTERS } from './challenge-glyphs.js';
import { CODE_ALPHABET } from './challenge-codes.js';
import { renderChallengeImage } from './challenge-image.js';
import { challengeSeed, seededRandom } from './challenge-seed.js';

const { width: WIDTH, height: HEIGHT } = CHALLENGE_IMAGE_SIZE;

/** The picture in grey, as OCR clean-up sees it. */
async function grey(png: Buffer, blur?: number): Promise<Buffer> {
  const pipeline = sharp(png).greyscale();
  return (blur ? pipeline.blur(blur) : pipeline).raw().toBuffer();
}

function mean(values: Iterable<number>): number {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    sum += value;
    count++;
  }
  return sum / count;
}

describe('the challenge picture', () => {
  it('is a PNG of the expected size', async () => {
    const png = await renderChallengeImage('AB23', randomBytes(32));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ ...CHALLENGE_IMAGE_SIZE, format: 'png' });
  });

  it('is the same for the same ticket, so asking again shows nothing new; another ticket or secret gives another', async () => {
    const ticket = crypto.randomUUID();
    const [one, again, otherTicket, otherSecret] = await Promise.all([
      renderChallengeImage('K7QX', challengeSeed('the-server-secret', ticket)),
      renderChallengeImage('K7QX', challengeSeed('the-server-secret', ticket)),
      renderChallengeImage('K7QX', challengeSeed('the-server-secret', crypto.randomUUID())),
      renderChallengeImage('K7QX', challengeSeed('another-server-secret', ticket)),
    ]);
    expect(one.equals(again)).toBe(true);
    expect(one.equals(otherTicket)).toBe(false);
    expect(one.equals(otherSecret)).toBe(false);
  });

  it('draws each code differently under the same seed: the glyphs, not only the noise, follow the code', async () => {
    const seed = randomBytes(32);
    const [one, other] = await Promise.all([renderChallengeImage('K7QX', seed), renderChallengeImage('HJ9M', seed)]);
    expect(one.equals(other)).toBe(false);
  });

  it('leaves nothing of the code in its luminance: blurred, the glyphs are as bright as the ground around them', async () => {
    // Blurred over a few stripes, each column of the picture has the same grey from top to bottom,
    // glyph or ground (the colours change from left to right only): what varies down a column is
    // what the stripes leave, far below the ink of a drawn glyph.
    const png = await renderChallengeImage('WM8B', randomBytes(32));
    const blurred = await grey(png, 4);
    const residuals: number[] = [];
    for (let x = 12; x < WIDTH - 12; x++) {
      const column = Array.from({ length: HEIGHT - 24 }, (_, i) => blurred[(i + 12) * WIDTH + x]);
      const average = mean(column);
      residuals.push(...column.map((value) => value - average));
    }
    const spread = Math.sqrt(mean(residuals.map((value) => value ** 2)));
    expect(spread).toBeLessThan(4);

    // Sharp, the stripes are there at full contrast: the picture is not a flat field.
    const sharpGrey = await grey(png);
    const sharpAverage = mean(sharpGrey);
    expect(Math.sqrt(mean([...sharpGrey].map((value) => (value - sharpAverage) ** 2)))).toBeGreaterThan(40);
  });

  it('has a glyph for every character a code is drawn from, and for nothing else', async () => {
    expect([...GLYPH_CHARACTERS].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
    for (let i = 0; i < CODE_ALPHABET.length; i += 4) {
      await expect(renderChallengeImage(CODE_ALPHABET.slice(i, i + 4), randomBytes(32))).resolves.toBeInstanceOf(Buffer);
    }
  });
});

describe('the seeded generator', () => {
  it('repeats its numbers for a seed, differs for another, and stays within [0, 1)', () => {
    const seed = randomBytes(32);
    const first = Array.from({ length: 1000 }, seededRandom(seed));
    expect(Array.from({ length: 1000 }, seededRandom(seed))).toEqual(first);
    expect(Array.from({ length: 1000 }, seededRandom(randomBytes(32)))).not.toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    // Spread over the range: each tenth holds about a tenth of them.
    for (let tenth = 0; tenth < 10; tenth++) {
      const share = first.filter((value) => Math.floor(value * 10) === tenth).length / first.length;
      expect(share).toBeGreaterThan(0.05);
      expect(share).toBeLessThan(0.15);
    }
  });
});
