import { matchRoutes } from 'react-router-dom';
import { screenRoutes, type ScreenHandle } from './screenRoutes.js';
import { SCREENS } from './screens.js';

/**
 * Starts loading the chunk of the screen at `pathname`, so it arrives with the session rather than
 * after it. A failure is left to the screen's own render (its retries and error page).
 */
export function preloadScreenAt(pathname: string): void {
  const handle = matchRoutes(screenRoutes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
  if (handle) SCREENS[handle.route.screen].preload().catch(() => undefined);
}
