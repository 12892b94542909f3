import { screenShareOf } from './screenShare.js';

const box = (top: number, height: number, left = 0, width = 400) => ({
  top,
  bottom: top + height,
  left,
  right: left + width,
  height,
});

describe('how much of a post is on screen (window 800 × 600)', () => {
  const share = (top: number, height: number, left?: number) => screenShareOf(box(top, height, left), 800, 600);

  it('sees a post that fits in the window fully, and partly when cut by an edge', () => {
    expect(share(100, 300)).toEqual({ onScreen: true, fully: true });
    expect(share(400, 300)).toEqual({ onScreen: true, fully: false });
    expect(share(-50, 300)).toEqual({ onScreen: true, fully: false });
    expect(share(100, 300, 600)).toEqual({ onScreen: true, fully: false });
  });

  it('does not see a post above, below or beside the window', () => {
    expect(share(600, 300)).toEqual({ onScreen: false, fully: false });
    expect(share(-300, 300)).toEqual({ onScreen: false, fully: false });
    expect(share(100, 300, 900)).toEqual({ onScreen: false, fully: false });
    expect(share(100, 0)).toEqual({ onScreen: false, fully: false });
  });

  it('sees a post taller than the window fully when it fills the window', () => {
    expect(share(-200, 1500)).toEqual({ onScreen: true, fully: true });
    expect(share(0, 1500)).toEqual({ onScreen: true, fully: true });
    expect(share(100, 1500)).toEqual({ onScreen: true, fully: false });
    expect(share(-1200, 1500)).toEqual({ onScreen: true, fully: false });
  });

  it('forgives sub-pixel rounding at the edges', () => {
    expect(share(-0.5, 600.8)).toEqual({ onScreen: true, fully: true });
  });
});
