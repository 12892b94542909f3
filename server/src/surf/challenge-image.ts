import sharp from 'sharp';
import { CHALLENGE_IMAGE_SIZE } from '@shared/surf/surf.js';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphStrokes, type Stroke } from './challenge-glyphs.js';
import { seededRandom, type Random } from './challenge-seed.js';

const { width: WIDTH, height: HEIGHT } = CHALLENGE_IMAGE_SIZE;
const MARGIN = 12;
/** Short pieces of stroke, textured like the glyphs, scattered between them. */
const CLUTTER_STROKES = 3;

/**
 * A field of stripes: one orientation, period and phase. Its mean and contrast are the same
 * whatever the orientation, so a region of one field and a region of another differ in
 * orientation only: to the eye a clear edge, to a blur or a threshold none.
 */
interface Stripes {
  /** Turns of the stripe pattern per pixel across and down (the stripes' normal divided by the period). */
  ux: number;
  uy: number;
  phase: number;
}

interface Palette {
  /** The dark and the light stripe, 0–255 sRGB, at the picture's left and right edges (glyph and ground alike). */
  darkLeft: [number, number, number];
  darkRight: [number, number, number];
  lightLeft: [number, number, number];
  lightRight: [number, number, number];
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

function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

function stripes(random: Random, angle: number, period: number): Stripes {
  return { ux: Math.cos(angle) / period, uy: Math.sin(angle) / period, phase: random() };
}

/** Steps of one stripe period in STRIPE_PROFILE. */
const PROFILE_STEPS = 1024;
/**
 * One period of the stripes, 0 (dark) to 1 (light): a sine sharpened into soft-edged bars.
 * Odd-symmetric about its midline, so over each period it averages ½ whatever the orientation
 * and phase.
 */
const STRIPE_PROFILE = Float32Array.from({ length: PROFILE_STEPS }, (_, step) => {
  const wave = Math.sin((2 * Math.PI * step) / PROFILE_STEPS) * 2.2;
  return 0.5 + 0.5 * Math.max(-1, Math.min(1, wave));
});

/** The field's value at (x, y). Integer truncation (`| 0`) rather than Math calls: it runs for every pixel of every region. */
function stripeValue(field: Stripes, x: number, y: number): number {
  const turns = x * field.ux + y * field.uy + field.phase;
  const fraction = turns - (turns | 0) + 1;
  return STRIPE_PROFILE[((fraction - (fraction | 0)) * PROFILE_STEPS) | 0];
}

/** A glyph point in the picture: jittered on the grid, then scaled, skewed and rotated about the glyph's centre. */
function place(random: Random, placement: Placement, [gx, gy]: [number, number]): [number, number] {
  const x = (gx - GLYPH_WIDTH / 2 + between(random, -0.15, 0.15)) * placement.sx;
  const y = (gy - GLYPH_HEIGHT / 2 + between(random, -0.15, 0.15)) * placement.sy;
  const skewed = x + y * placement.skew;
  const cos = Math.cos(placement.rotation);
  const sin = Math.sin(placement.rotation);
  return [placement.cx + skewed * cos - y * sin, placement.cy + skewed * sin + y * cos];
}

function point([x, y]: [number, number]): string {
  return `${x.toFixed(1)} ${y.toFixed(1)}`;
}

/** One stroke as a path whose segments bend a little through a displaced midpoint. */
function strokePath(random: Random, placement: Placement, stroke: Stroke): string {
  const points = stroke.map((grid) => place(random, placement, grid));
  let d = `M${point(points[0])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const bend: [number, number] = [(x0 + x1) / 2 + between(random, -1.5, 1.5), (y0 + y1) / 2 + between(random, -1.5, 1.5)];
    d += ` Q${point(bend)} ${point(points[i])}`;
  }
  return d;
}

/**
 * A short bar where no glyph is, textured like the glyphs: between two of them or along an edge,
 * so a script cannot take every turned patch for part of a character.
 */
function clutterPath(random: Random, slotWidth: number): string {
  const gap = 1 + Math.floor(random() * 3);
  const x = MARGIN + slotWidth * gap + between(random, -4, 4);
  const y = random() < 0.5 ? between(random, 6, 16) : between(random, HEIGHT - 16, HEIGHT - 6);
  const angle = between(random, 0, Math.PI);
  const length = between(random, 10, 18);
  const dx = (Math.cos(angle) * length) / 2;
  const dy = (Math.sin(angle) * length) / 2;
  return `M${point([x - dx, y - dy])} L${point([x + dx, y + dy])}`;
}

/** A white-on-black SVG of some paths: the region one field of stripes fills. */
function maskSvg(paths: string, strokeWidth: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#000"/>` +
    `<path d="${paths}" fill="none" stroke="#fff" stroke-width="${strokeWidth.toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/></svg>`
  );
}

/** The mask's coverage of each pixel, 0 to 1. */
async function coverage(svg: string): Promise<Float32Array> {
  const raw = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
  const out = new Float32Array(WIDTH * HEIGHT);
  for (let i = 0; i < out.length; i++) out[i] = raw[i] / 255;
  return out;
}

/** A colour of the given hue, saturation and lightness, as 0–255 RGB. */
function hsl(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return 255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}

function palette(random: Random): Palette {
  const hueLeft = between(random, 0, 360);
  const hueRight = hueLeft + between(random, 60, 180);
  const dark = between(random, 0.2, 0.28);
  const light = between(random, 0.82, 0.9);
  return {
    darkLeft: hsl(hueLeft, 0.55, dark),
    darkRight: hsl(hueRight, 0.55, dark),
    lightLeft: hsl(hueLeft + 25, 0.5, light),
    lightRight: hsl(hueRight + 25, 0.5, light),
  };
}

/**
 * The challenge picture: the code's glyphs drawn not in ink but in texture. The whole picture is
 * fine stripes; inside each glyph's (thick) strokes the stripes turn by about a right angle. Inside
 * and outside share the same two colours, the same mean and the same contrast, so greyscale, blur,
 * median and threshold leave no glyph for OCR or a template to find, while the eye sees each
 * texture edge at once. Orientations, period, colours and each glyph's size, slant and place are
 * drawn from `seed`: the same seed gives the same picture.
 */
export async function renderChallengeImage(code: string, seed: Buffer): Promise<Buffer> {
  const random = seededRandom(seed);
  const period = between(random, 3.6, 4.1);
  const strokeWidth = period * between(random, 3, 3.3);
  const backgroundAngle = (random() < 0.5 ? 0 : Math.PI / 2) + between(random, -0.2, 0.2);
  const background = stripes(random, backgroundAngle, period);
  const colours = palette(random);

  const slotWidth = (WIDTH - 2 * MARGIN) / code.length;
  const regions: { field: Stripes; mask: Promise<Float32Array> }[] = [...code].map((character, slot) => {
    const unit = between(random, 14, 15);
    const placement: Placement = {
      cx: MARGIN + slotWidth * (slot + 0.5) + between(random, -3, 3),
      cy: HEIGHT / 2 + between(random, -2, 2),
      sx: unit * between(random, 0.92, 1.02),
      sy: unit * between(random, 0.95, 1.05),
      rotation: (between(random, -12, 12) * Math.PI) / 180,
      skew: between(random, -0.15, 0.15),
    };
    const paths = glyphStrokes(character)
      .map((stroke) => strokePath(random, placement, stroke))
      .join(' ');
    const angle = backgroundAngle + Math.PI / 2 + between(random, -0.08, 0.08);
    return { field: stripes(random, angle, period), mask: coverage(maskSvg(paths, strokeWidth)) };
  });
  const clutter = Array.from({ length: CLUTTER_STROKES }, () => clutterPath(random, slotWidth)).join(' ');
  regions.push({
    field: stripes(random, backgroundAngle + Math.PI / 2 + between(random, -0.12, 0.12), period),
    mask: coverage(maskSvg(clutter, strokeWidth * between(random, 0.8, 1))),
  });

  const masks = await Promise.all(regions.map((region) => region.mask));
  // The two colours of each column: the palette's left to right.
  const darkAt = new Float32Array(WIDTH * 3);
  const lightAt = new Float32Array(WIDTH * 3);
  for (let x = 0; x < WIDTH; x++) {
    const across = x / (WIDTH - 1);
    for (let c = 0; c < 3; c++) {
      darkAt[x * 3 + c] = colours.darkLeft[c] + (colours.darkRight[c] - colours.darkLeft[c]) * across;
      lightAt[x * 3 + c] = colours.lightLeft[c] + (colours.lightRight[c] - colours.lightLeft[c]) * across;
    }
  }
  const rgb = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      let value = stripeValue(background, x, y);
      for (let r = 0; r < regions.length; r++) {
        const m = masks[r][i];
        if (m > 0) value += (stripeValue(regions[r].field, x, y) - value) * m;
      }
      for (let c = 0; c < 3; c++) {
        const dark = darkAt[x * 3 + c];
        // + 0.5: storing into the byte truncates.
        rgb[i * 3 + c] = dark + (lightAt[x * 3 + c] - dark) * value + 0.5;
      }
    }
  }
  return sharp(rgb, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
