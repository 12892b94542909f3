import { menuTop } from './useMenuTop.js';

describe('the side menu position', () => {
  it('sits 60 px down on desktop, 20 px when narrow and 40 px on Earn Credits', () => {
    expect(menuTop(0, 1280, false)).toBe(60);
    expect(menuTop(0, 500, false)).toBe(20);
    expect(menuTop(0, 1280, true)).toBe(40);
    expect(menuTop(0, 500, true)).toBe(40);
  });

  it('moves up with scrolling until it reaches the top', () => {
    expect(menuTop(25, 1280, false)).toBe(35);
    expect(menuTop(600, 1280, false)).toBe(0);
  });
});
