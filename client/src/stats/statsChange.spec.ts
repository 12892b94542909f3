import { changeOf, changeText, shareOf } from './statsChange.js';

describe('a headline figure against the period before', () => {
  it('says up or down by a whole percent, new after nothing, or no change', () => {
    expect(changeText(changeOf(150, 100))).toBe('↑ 50%');
    expect(changeText(changeOf(60, 100))).toBe('↓ 40%');
    expect(changeText(changeOf(1001, 1000))).toBe('↑ 1%');
    expect(changeText(changeOf(5, 0))).toBe('new');
    expect(changeText(changeOf(0, 0))).toBe('no change');
  });
});

describe('a step of the funnel as a share of seen', () => {
  it('is a percentage to one decimal that never passes 100', () => {
    expect(shareOf(25, 72)).toBe(34.7);
    expect(shareOf(3, 0)).toBe(0);
    expect(shareOf(73, 72)).toBe(100);
  });
});
