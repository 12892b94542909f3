import { execFile } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { CHALLENGE_IMAGE_SIZE } from '@shared/surf/surf.js';
import { CODE_ALPHABET, CODES_SHOWN, challengeAnswer, challengeCodes } from './challenge-codes.js';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphStrokes } from './challenge-glyphs.js';
import { renderChallengeImage } from './challenge-image.js';
import { challengeSeed } from './challenge-seed.js';

/**
 * The challenge picture against the tools a bot reaches for first: tesseract after the usual
 * clean-up, and a template matcher that draws each option with the app's own glyphs. Each reads
 * a batch of pictures and picks one of the six options; both must do no better than a guess.
 * scripts/ensure-tesseract.mjs installs tesseract (npm test runs it).
 */
const PICTURES = 60;
/** How unlikely a guesser's score must be before the test calls an attacker better than chance. */
const FALSE_ALARM = 0.001;
const TESSERACT = process.env.TESSERACT_PATH ?? '/usr/bin/tesseract';
const { width: WIDTH, height: HEIGHT } = CHALLENGE_IMAGE_SIZE;
/** The template matcher compares pictures at half size, sliding each template this far (half-size pixels) across and down. */
const MATCH_WIDTH = WIDTH / 2;
const MATCH_HEIGHT = HEIGHT / 2;
const SLIDE_X = 8;
const SLIDE_Y = 3;
/**
 * The clean-ups tesseract reads: upscale, median size, threshold, white border. Of the usual
 * ones, the pair that read the old picture design best (together 41% of its random options).
 */
const OCR_CLEAN_UPS = [
  { scale: 3, median: 3, threshold: 'otsu', border: 30 },
  { scale: 4, median: 5, threshold: 128, border: 40 },
] as const;
/** A glyph's grid unit and its strokes' width in the picture, in pixels: the matcher's clean template. */
const CLEAN_TEMPLATE = { unit: 14.5, strokeWidth: 12 };
/** The control pictures: the code in dark strokes of an ordinary weight. */
const PLAIN_CONTROL = { unit: 14, strokeWidth: 6 };
const CONTROLS = 30;
/**
 * Right picks out of CONTROLS that show a reader works: a guesser gets there about once in 40 000
 * runs, while tesseract reads a plain picture right about four times in five, so a working reader
 * falls short about once in 3 000 runs.
 */
const CONTROL_RIGHT = 15;
const run = promisify(execFile);

interface Trial {
  picture: Buffer;
  options: string[];
  answer: string;
}

/** The smallest number of right picks out of `n` that a guesser (right one time in `options`) reaches with probability ≤ `alpha`. */
function beyondChance(n: number, options: number, alpha: number): number {
  const p = 1 / options;
  let tail = 1;
  let term = (1 - p) ** n;
  for (let k = 0; k <= n; k++) {
    if (tail <= alpha) return k;
    tail -= term;
    term *= ((n - k) / (k + 1)) * (p / (1 - p));
  }
  return n + 1;
}

/** The option scoring highest; ties broken at random, so a blank read is a guess. */
function best(options: string[], score: (option: string) => number): string {
  const scores = options.map(score);
  const top = Math.max(...scores);
  const tied = options.filter((_, i) => scores[i] === top);
  return tied[randomInt(tied.length)];
}

/** Runs `task` on every item, `parallel` at a time. */
async function inTurns<T, R>(items: T[], parallel: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]);
      }
    }),
  );
  return results;
}

// --- OCR: greyscale, upscale, median, threshold (Otsu or fixed), then tesseract on one line.

function otsu(grey: Buffer): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of grey) histogram[value]++;
  const total = grey.length;
  const sum = histogram.reduce((acc, count, value) => acc + count * value, 0);
  let below = 0;
  let belowSum = 0;
  let bestThreshold = 128;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    below += histogram[t];
    if (below === 0 || below === total) continue;
    belowSum += t * histogram[t];
    const meanBelow = belowSum / below;
    const meanAbove = (sum - belowSum) / (total - below);
    const variance = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      bestThreshold = t + 1;
    }
  }
  return bestThreshold;
}

async function cleanedForOcr(picture: Buffer, cleanUp: (typeof OCR_CLEAN_UPS)[number]): Promise<Buffer> {
  const width = WIDTH * cleanUp.scale;
  const height = HEIGHT * cleanUp.scale;
  const grey = await sharp(picture)
    .greyscale()
    .resize(width, height, { kernel: 'cubic' })
    .median(cleanUp.median)
    .raw()
    .toBuffer();
  const cut = cleanUp.threshold === 'otsu' ? otsu(grey) : cleanUp.threshold;
  const binary = Buffer.from(grey.map((value) => (value >= cut ? 255 : 0)));
  const border = cleanUp.border;
  return sharp(binary, { raw: { width, height, channels: 1 } })
    .extend({ top: border, bottom: border, left: border, right: border, background: '#fff' })
    .png()
    .toBuffer();
}

/** tesseract's read of one line; null when it failed (it rarely crashes on a picture of noise: tried twice). */
async function tesseract(directory: string, png: Buffer): Promise<string | null> {
  const file = join(directory, `${randomUUID()}.png`);
  await writeFile(file, png);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const { stdout } = await run(TESSERACT, [file, 'stdout', '--psm', '7', '-c', `tessedit_char_whitelist=${CODE_ALPHABET}`], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      return stdout.replace(/[^A-Z0-9]/g, '');
    } catch {
      // Tried again below, then counted as a failed read.
    }
  }
  return null;
}

function commonSubsequence(a: string, b: string): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const char of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = char === b[j - 1] ? diagonal + 1 : Math.max(row[j], row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.length];
}

/** Similarity of the reads to an option, summed over the reads: characters in order first, then characters in place. */
function readScore(reads: string[], option: string): number {
  return reads.reduce(
    (sum, read) => sum + 10 * commonSubsequence(read, option) + [...option].filter((char, i) => read[i] === char).length,
    0,
  );
}

/** Each clean-up read by tesseract; the option closest to the reads. */
async function ocrPick(directory: string, trial: Trial): Promise<{ pick: string; reads: (string | null)[] }> {
  const reads: (string | null)[] = [];
  for (const cleanUp of OCR_CLEAN_UPS) reads.push(await tesseract(directory, await cleanedForOcr(trial.picture, cleanUp)));
  const read = reads.filter((text) => text !== null);
  return { pick: best(trial.options, (option) => readScore(read, option)), reads };
}

// --- Template matching: each option drawn with the app's glyphs, correlated with the picture.

/** Greyscale, blurred, at half size: what the matcher compares. */
async function matchable(picture: Buffer): Promise<Float32Array> {
  const raw = await sharp(picture).greyscale().blur(1.5).resize(MATCH_WIDTH, MATCH_HEIGHT, { kernel: 'linear' }).raw().toBuffer();
  return Float32Array.from(raw);
}

/** The code's glyphs in plain dark strokes on white, each in its slot as the picture lays them out, moved by (dx, dy). */
function plainGlyphs(code: string, { unit, strokeWidth }: typeof CLEAN_TEMPLATE, dx = 0, dy = 0): Promise<Buffer> {
  const margin = 12;
  const slot = (WIDTH - 2 * margin) / code.length;
  const paths = [...code].map((char, i) => {
    const cx = margin + slot * (i + 0.5) + dx;
    const cy = HEIGHT / 2 + dy;
    const at = ([x, y]: [number, number]) =>
      `${(cx + (x - GLYPH_WIDTH / 2) * unit).toFixed(1)} ${(cy + (y - GLYPH_HEIGHT / 2) * unit).toFixed(1)}`;
    return glyphStrokes(char)
      .map((stroke) => `M${stroke.map(at).join(' L')}`)
      .join(' ');
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>` +
    `<path d="${paths.join(' ')}" fill="none" stroke="#000" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A template's inner part (less the slide's margins), centred and scaled to unit length. */
function normalisedTemplate(template: Float32Array): Float32Array {
  const inner: number[] = [];
  for (let y = SLIDE_Y; y < MATCH_HEIGHT - SLIDE_Y; y++) {
    for (let x = SLIDE_X; x < MATCH_WIDTH - SLIDE_X; x++) inner.push(template[y * MATCH_WIDTH + x]);
  }
  const mean = inner.reduce((sum, value) => sum + value, 0) / inner.length;
  const norm = Math.sqrt(inner.reduce((sum, value) => sum + (value - mean) ** 2, 0)) || 1;
  return Float32Array.from(inner, (value) => (value - mean) / norm);
}

/** The best Pearson correlation of the (normalised) template with the picture over every slide of it. */
function correlation(picture: Float32Array, template: Float32Array): number {
  const innerWidth = MATCH_WIDTH - 2 * SLIDE_X;
  const innerHeight = MATCH_HEIGHT - 2 * SLIDE_Y;
  const n = innerWidth * innerHeight;
  let highest = -1;
  for (let oy = 0; oy <= 2 * SLIDE_Y; oy++) {
    for (let ox = 0; ox <= 2 * SLIDE_X; ox++) {
      let sum = 0;
      let squares = 0;
      let product = 0;
      for (let y = 0; y < innerHeight; y++) {
        const row = (y + oy) * MATCH_WIDTH + ox;
        const templateRow = y * innerWidth;
        for (let x = 0; x < innerWidth; x++) {
          const a = picture[row + x];
          sum += a;
          squares += a * a;
          product += a * template[templateRow + x];
        }
      }
      const spread = Math.sqrt(squares - (sum * sum) / n);
      if (spread > 0) highest = Math.max(highest, product / spread);
    }
  }
  return highest;
}

/** Each option drawn clean and by the app itself (its own distortions, under a seed of the attacker's); the best match. */
async function templatePick(trial: Trial): Promise<string> {
  const picture = await matchable(trial.picture);
  const scores = new Map<string, number>();
  for (const option of trial.options) {
    const templates = await Promise.all([
      matchable(await plainGlyphs(option, CLEAN_TEMPLATE)),
      matchable(await renderChallengeImage(option, randomBytes(32))),
    ]);
    scores.set(option, Math.max(...templates.map((template) => correlation(picture, normalisedTemplate(template)))));
  }
  return best(trial.options, (option) => scores.get(option)!);
}

function rightPicks(trials: Trial[], picks: string[]): number {
  return picks.filter((pick, i) => pick === trials[i].answer).length;
}

describe('the challenge picture against off-the-shelf readers', () => {
  const secret = randomBytes(24).toString('hex');
  const needed = beyondChance(PICTURES, CODES_SHOWN, FALSE_ALARM);
  let trials: Trial[];
  /** The same codes drawn plainly (dark strokes, a few pixels off their slots): what the readers must read well. */
  let controls: Trial[];
  let directory: string;

  beforeAll(async () => {
    if (!existsSync(TESSERACT)) {
      throw new Error(`tesseract is missing at ${TESSERACT}: run node scripts/ensure-tesseract.mjs`);
    }
    directory = await mkdtemp(join(tmpdir(), 'challenge-attack-'));
    const answers = Array.from({ length: PICTURES }, () => challengeAnswer());
    trials = await inTurns(answers, 2, async (answer) => ({
      answer,
      options: challengeCodes(answer),
      picture: await renderChallengeImage(answer, challengeSeed(secret, randomUUID())),
    }));
    controls = await inTurns(answers.slice(0, CONTROLS), 2, async (answer) => ({
      answer,
      options: challengeCodes(answer),
      picture: await plainGlyphs(answer, PLAIN_CONTROL, randomInt(-6, 7), randomInt(-4, 5)),
    }));
  });

  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('calls an attacker better than chance only where a guesser almost never gets', () => {
    expect(needed).toBeGreaterThan(PICTURES / CODES_SHOWN);
    expect(needed).toBeLessThan(PICTURES / 2);
  });

  it('tesseract after greyscale, upscale, median and threshold picks the right option no more often than a guess', async () => {
    const controlReads = await inTurns(controls, 2, (trial) => ocrPick(directory, trial));
    // The reader works: the same code drawn plainly, it picks right far more often than a guess.
    expect(
      rightPicks(
        controls,
        controlReads.map((read) => read.pick),
      ),
    ).toBeGreaterThanOrEqual(CONTROL_RIGHT);

    const reads = await inTurns(trials, 2, (trial) => ocrPick(directory, trial));
    expect(reads.flatMap((read) => read.reads).filter((text) => text === null).length).toBeLessThan(PICTURES / 10);
    expect(
      rightPicks(
        trials,
        reads.map((read) => read.pick),
      ),
    ).toBeLessThan(needed);
  }, 120_000);

  it("a template matcher drawing each option with the app's glyphs picks the right option no more often than a guess", async () => {
    expect(rightPicks(controls, await inTurns(controls, 2, templatePick))).toBeGreaterThanOrEqual(CONTROL_RIGHT);
    expect(rightPicks(trials, await inTurns(trials, 2, templatePick))).toBeLessThan(needed);
  }, 120_000);
});
