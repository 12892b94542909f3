import { atom } from 'jotai';
import { WINDOW_HEIGHT_EXTRA_PX } from '@shared/constants/layout.js';

/** The window's height for a full-height screen: 14 px more than the inner height, less the footer's. */
export function fullWindowHeight(innerHeight: number, footerHeight: number): number {
  return innerHeight + WINDOW_HEIGHT_EXTRA_PX - footerHeight;
}

/** The body styles the fix changes, kept to be put back as they were. */
type BodyStyle = Pick<CSSStyleDeclaration, 'overflow' | 'position' | 'width' | 'top'>;

/** What the action reads and changes of the page (the browser's window and body, or a test's). */
export interface WindowHeightPage {
  innerHeight: number;
  footerHeight: number;
  bodyStyle: BodyStyle;
}

/** The full-screen height while the body is fixed; null when it is not. */
export const windowHeightAtom = atom<number | null>(null);
windowHeightAtom.debugLabel = 'windowHeight';

const bodyStyleBeforeFixAtom = atom<{ style: BodyStyle; fixed: BodyStyle } | null>(null);
bodyStyleBeforeFixAtom.debugLabel = 'bodyStyleBeforeFix';

/**
 * Fixes the body (no page scroll, so a phone's address bar stops moving the screen) and computes
 * the height; called again on resize, it only computes the height anew.
 */
export const fixWindowHeightAtom = atom(null, (get, set, page: WindowHeightPage) => {
  if (!get(bodyStyleBeforeFixAtom)) {
    const { overflow, position, width, top } = page.bodyStyle;
    set(bodyStyleBeforeFixAtom, { style: { overflow, position, width, top }, fixed: page.bodyStyle });
    Object.assign(page.bodyStyle, { overflow: 'hidden', position: 'fixed', width: '100%', top: '0' });
  }
  set(windowHeightAtom, fullWindowHeight(page.innerHeight, page.footerHeight));
});
fixWindowHeightAtom.debugLabel = 'fixWindowHeight';

/** Undoes the fix: the body's styles as they were, and no height. */
export const clearWindowHeightAtom = atom(null, (get, set) => {
  const before = get(bodyStyleBeforeFixAtom);
  if (before) Object.assign(before.fixed, before.style);
  set(bodyStyleBeforeFixAtom, null);
  set(windowHeightAtom, null);
});
clearWindowHeightAtom.debugLabel = 'clearWindowHeight';
