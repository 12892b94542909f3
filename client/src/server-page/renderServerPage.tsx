import { createStore, Provider } from 'jotai';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { App } from '../App.js';
import { ErrorBoundary } from '../client-errors/ErrorBoundary.js';
import { storedConsent } from '../consent/consentCookie.js';
import { screenRoutes, type ScreenHandle } from '../routing/screenRoutes.js';
import { SCREENS } from '../routing/screens.js';
import {
  applyServerEntry,
  applyStartAnswer,
  SERVER_PAGE_STATE_ID,
  serializeServerPageState,
  type ServerPageState,
} from './serverPageState.js';

export interface ServerPageInput {
  /** The address asked for: path and query. */
  url: string;
  state: ServerPageState;
  /** The request's Cookie header: the consent banner shows as the visitor's stored answer says. */
  cookieHeader: string;
}

export interface ServerPage {
  /** What goes inside `#root`: the markup the client's first render makes from the same state. */
  root: string;
  /** The `<script type="application/json">` with that state, for after `#root`. */
  state: string;
}

/**
 * Draws a page as the client would on its first render, from the same state (main.tsx hydrates
 * it): the state goes into a store of this page's own, the screen's chunk is loaded first, and
 * the whole tree is rendered before anything is answered, so no fallback and no streaming script
 * (the page's CSP allows no inline script) ends up in the markup.
 */
export async function renderServerPage({ url, state, cookieHeader }: ServerPageInput): Promise<ServerPage> {
  const store = createStore();
  applyStartAnswer(store, state.start, storedConsent({ read: () => cookieHeader, write: () => undefined }), null, true);
  if (state.entry) applyServerEntry(store, state.entry);
  const pathname = url.split('?')[0];
  const handle = matchRoutes(screenRoutes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
  if (handle) await SCREENS[handle.route.screen].preload();
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={store}>
        <ErrorBoundary>
          <App router={router} />
        </ErrorBoundary>
      </Provider>
    </StrictMode>,
  );
  let root = '';
  for await (const chunk of prelude) root += String(chunk);
  return {
    root,
    state: `<script type="application/json" id="${SERVER_PAGE_STATE_ID}">${serializeServerPageState(state)}</script>`,
  };
}
