import { TRANSITION_MS } from '@shared/constants/layout.js';

export type TransitionKind = keyof typeof TRANSITION_MS;

/** The CSS custom property of a kind of transition, e.g. `--transition-modal`. */
export const transitionProperty = (kind: TransitionKind): string => `--transition-${kind}`;

/** Each transition's duration as CSS custom properties; all 0 ms when the visitor asks for reduced motion. */
export function transitionTimes(reducedMotion: boolean): Record<string, string> {
  return Object.fromEntries(
    (Object.keys(TRANSITION_MS) as TransitionKind[]).map((kind) => [
      transitionProperty(kind),
      `${reducedMotion ? 0 : TRANSITION_MS[kind]}ms`,
    ]),
  );
}

/**
 * Puts the transition times on the document's root, where the stylesheets read them (fade and
 * modal for dialogs, collapse for the side menu), and follows a change of the reduced-motion
 * setting while the page is open.
 */
export function applyTransitionTimes(root: HTMLElement, reducedMotion: MediaQueryList): void {
  const apply = () => {
    for (const [property, value] of Object.entries(transitionTimes(reducedMotion.matches)))
      root.style.setProperty(property, value);
  };
  apply();
  reducedMotion.addEventListener('change', apply);
}
