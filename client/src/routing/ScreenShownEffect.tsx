import { useEffect } from 'react';
import type { ScreenName } from '@shared/routing/routes.js';

/**
 * Names the screen on the document (`<html data-screen>`) once it is live: rendered by the client
 * or, for a page drawn by the server, hydrated (its chunk loaded, its buttons answering). Tests
 * wait for it before they press anything; nothing in the app reads it.
 */
export function ScreenShownEffect({ screen }: { screen: ScreenName | 'notFound' }) {
  useEffect(() => {
    document.documentElement.dataset.screen = screen;
  }, [screen]);
  return null;
}
