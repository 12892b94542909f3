import { useEffect, useState } from 'react';
import { MENU_BREAKPOINT_PX, MENU_SCROLL_THROTTLE_MS, MENU_TOP_OFFSET_PX } from '@shared/constants/layout.js';
import { throttle } from './throttle.js';

/**
 * The side menu sits below the header (60 px; 20 px when narrow; 40 px on Earn Credits) and
 * moves up with scrolling until it reaches the top, recomputed at most every 250 ms.
 */
export function menuTop(scrollY: number, viewportWidth: number, onEarnCredits: boolean): number {
  const offset = onEarnCredits
    ? MENU_TOP_OFFSET_PX.earnCredits
    : viewportWidth < MENU_BREAKPOINT_PX
      ? MENU_TOP_OFFSET_PX.narrow
      : MENU_TOP_OFFSET_PX.normal;
  return Math.max(0, offset - scrollY);
}

export function useMenuTop(onEarnCredits: boolean): number {
  const compute = () => menuTop(window.scrollY, window.innerWidth, onEarnCredits);
  const [top, setTop] = useState(compute);
  useEffect(() => {
    const update = throttle(() => setTop(compute()), MENU_SCROLL_THROTTLE_MS);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
    // compute only closes over onEarnCredits
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onEarnCredits]);
  return top;
}
