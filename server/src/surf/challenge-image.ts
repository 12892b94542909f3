import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { CHALLENGE_IMAGE_SIZE } from '@shared/surf/surf.js';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphStrokes, type Stroke } from './challenge-glyphs.js';

const { width: WIDTH, height: HEIGHT } = CHALLENGE_IMAGE_SIZE;
const MARGIN = 14;
const NOISE_CURVES = 3;
const NOISE_DOTS = 90;
const DECOY_STROKES = 4;

/** A random number in [min, max). crypto's generator: a script cannot replay the noise from earlier images. */
function between(min: number, max: number): number {
  return min + (randomInt(1_000_000) / 1_000_000) * (max - min);
}

function point(x: number, y: number): string {
  return `${x.toFixed(1)} ${y.toFixed(1)}`;
}

/** A dark, saturated colour of a random hue (the glyphs and the lines that cross them look alike). */
function inkColour(): string {
  return `hsl(${randomInt(360)},${randomInt(45, 75)}%,${randomInt(18, 34)}%)`;
}

interface Placement {
  cx: number;
  cy: number;
  /** Pixels per grid unit, across and down. */
  sx: number;
  sy: number;
  rotation: number;
  skew: number;
}

/** A glyph point in the image: jittered on the grid, then scaled, skewed and rotated about the glyph's centre. */
function place(placement: Placement, [gx, gy]: [number, number]): [number, number] {
  const x = (gx - GLYPH_WIDTH / 2 + between(-0.3, 0.3)) * placement.sx;
  const y = (gy - GLYPH_HEIGHT / 2 + between(-0.3, 0.3)) * placement.sy;
  const skewed = x + y * placement.skew;
  const cos = Math.cos(placement.rotation);
  const sin = Math.sin(placement.rotation);
  return [placement.cx + skewed * cos - y * sin, placement.cy + skewed * sin + y * cos];
}

/** One stroke as a wobbly path: every segment bends through a displaced midpoint. */
function strokePath(placement: Placement, stroke: Stroke): string {
  const points = stroke.map((grid) => place(placement, grid));
  let d = `M${point(...points[0])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    d += ` Q${point((x0 + x1) / 2 + between(-2.5, 2.5), (y0 + y1) / 2 + between(-2.5, 2.5))} ${point(x1, y1)}`;
  }
  return d;
}

function glyphSvg(character: string, slot: number, slotWidth: number): string {
  const unit = between(6, 7.5);
  const placement: Placement = {
    cx: MARGIN + slotWidth * (slot + 0.5) + between(-5, 5),
    cy: HEIGHT / 2 + between(-4, 4),
    sx: unit * between(0.85, 1.2),
    sy: unit * between(0.9, 1.15),
    rotation: (between(-22, 22) * Math.PI) / 180,
    skew: between(-0.3, 0.3),
  };
  const d = glyphStrokes(character)
    .map((stroke) => strokePath(placement, stroke))
    .join(' ');
  return `<path d="${d}" stroke="${inkColour()}" stroke-width="${between(2.8, 3.8).toFixed(1)}"/>`;
}

/** Lines across the whole image, as thick as thin glyph strokes, so they cannot be told apart by width. */
function noiseCurve(): string {
  const y = () => between(8, HEIGHT - 8);
  const d = `M${point(between(-10, 30), y())} C${point(between(40, 110), y())} ${point(between(130, 200), y())} ${point(
    between(WIDTH - 30, WIDTH + 10),
    y(),
  )}`;
  return `<path d="${d}" stroke="${inkColour()}" stroke-width="${between(1.2, 2).toFixed(1)}"/>`;
}

/** A short piece of some glyph, anywhere: a script cannot count strokes to find the letters. */
function decoyStroke(): string {
  const x = between(MARGIN, WIDTH - MARGIN);
  const y = between(10, HEIGHT - 10);
  const length = between(8, 18);
  const angle = between(0, Math.PI);
  return `<path d="M${point(x, y)} L${point(x + length * Math.cos(angle), y + length * Math.sin(angle))}" stroke="${inkColour()}" stroke-width="${between(1.5, 3).toFixed(1)}"/>`;
}

function noiseDot(): string {
  const fill = `hsl(${randomInt(360)},${randomInt(30, 70)}%,${randomInt(20, 70)}%)`;
  return `<circle cx="${between(0, WIDTH).toFixed(1)}" cy="${between(0, HEIGHT).toFixed(1)}" r="${between(0.6, 2).toFixed(1)}" fill="${fill}"/>`;
}

/** The challenge picture as SVG: the code's glyphs, each distorted its own way, under and over noise. */
export function challengeSvg(code: string): string {
  const slotWidth = (WIDTH - 2 * MARGIN) / code.length;
  const hue = randomInt(360);
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${hue},45%,95%)"/>`,
    ...Array.from({ length: 3 }, () => {
      const r = between(20, 45).toFixed(1);
      return `<circle cx="${between(0, WIDTH).toFixed(1)}" cy="${between(0, HEIGHT).toFixed(1)}" r="${r}" fill="hsl(${(hue + randomInt(60, 300)) % 360},50%,88%)"/>`;
    }),
    ...Array.from({ length: NOISE_DOTS / 2 }, noiseDot),
    ...Array.from({ length: DECOY_STROKES }, decoyStroke),
    ...[...code].map((character, slot) => glyphSvg(character, slot, slotWidth)),
    ...Array.from({ length: NOISE_CURVES }, noiseCurve),
    ...Array.from({ length: NOISE_DOTS / 2 }, noiseDot),
  ];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${parts.join('')}</g></svg>`
  );
}

/** A new PNG of the code on every call: the glyphs' shapes, places and the noise are drawn afresh. */
export function renderChallengeImage(code: string): Promise<Buffer> {
  return sharp(Buffer.from(challengeSvg(code)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}
