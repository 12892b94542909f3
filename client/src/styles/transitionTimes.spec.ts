import { applyTransitionTimes, transitionTimes } from './transitionTimes.js';

describe('transition times', () => {
  it('are fade 150 ms, collapse 350 ms, modal 300 ms and carousel 600 ms', () => {
    expect(transitionTimes(false)).toEqual({
      '--transition-fade': '150ms',
      '--transition-collapse': '350ms',
      '--transition-modal': '300ms',
      '--transition-carousel': '600ms',
    });
  });

  it('are all 0 ms for a visitor who asks for reduced motion', () => {
    expect(Object.values(transitionTimes(true))).toEqual(['0ms', '0ms', '0ms', '0ms']);
  });

  it('follow the reduced-motion setting when it changes while the page is open', () => {
    const set = new Map<string, string>();
    const root = { style: { setProperty: (name: string, value: string) => set.set(name, value) } };
    let onChange = () => {};
    const media = { matches: false, addEventListener: (_type: string, listener: () => void) => (onChange = listener) };
    applyTransitionTimes(root as unknown as HTMLElement, media as unknown as MediaQueryList);
    expect(set.get('--transition-modal')).toBe('300ms');
    media.matches = true;
    onChange();
    expect(set.get('--transition-modal')).toBe('0ms');
  });
});
