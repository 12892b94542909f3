import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { clearWindowHeightAtom, fixWindowHeightAtom, windowHeightAtom } from './windowHeight.js';

/**
 * While `active`, the body is fixed and the answer is the height a full-screen view gets (kept
 * up to date on resize); null otherwise. Leaving the screen undoes the fix.
 */
export function useFullWindowHeight(active: boolean): number | null {
  const fix = useSetAtom(fixWindowHeightAtom);
  const clear = useSetAtom(clearWindowHeightAtom);
  const height = useAtomValue(windowHeightAtom);
  useEffect(() => {
    if (!active) return;
    const measure = () =>
      fix({
        innerHeight: window.innerHeight,
        footerHeight: document.querySelector('.footer')?.getBoundingClientRect().height ?? 0,
        bodyStyle: document.body.style,
      });
    measure();
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('resize', measure);
      clear();
    };
  }, [active, fix, clear]);
  return active ? height : null;
}
