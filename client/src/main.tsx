import { Provider } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.js';
import { startApp, startFromServerPage } from './boot/startApp.js';
import { ErrorBoundary } from './client-errors/ErrorBoundary.js';
import { keepServerEntry } from './feed/serverEntry.js';
import { readServerPageState } from './server-page/readServerPageState.js';
import { applyServerEntry } from './server-page/serverPageState.js';
import { appStore } from './state/store.js';
import { applyTransitionTimes } from './styles/transitionTimes.js';
import './styles/app.css';

applyTransitionTimes(document.documentElement, window.matchMedia('(prefers-reduced-motion: reduce)'));

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Provider store={appStore}>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </Provider>
  </StrictMode>
);

// A visitor's public page comes drawn by the server: the client starts from the state it was
// drawn from and takes over the markup in place (no second fetch, no flash). Otherwise the
// session and the first screen's chunk are asked for before React renders anything.
const serverPage = readServerPageState(document);
if (serverPage) {
  startFromServerPage(serverPage.start);
  if (serverPage.entry) {
    applyServerEntry(appStore, serverPage.entry);
    keepServerEntry(serverPage.entry);
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for its whole length: the page stays responsive (and its blocking time short).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  void startApp();
  createRoot(root).render(app);
}
