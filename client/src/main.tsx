import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { startApp } from './boot/startApp.js';
import { ErrorBoundary } from './client-errors/ErrorBoundary.js';
import { appStore } from './state/store.js';
import { applyTransitionTimes } from './styles/transitionTimes.js';
import './styles/app.css';

applyTransitionTimes(document.documentElement, window.matchMedia('(prefers-reduced-motion: reduce)'));
// The session and the first screen's chunk are asked for before React renders anything.
void startApp();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={appStore}>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </Provider>
  </StrictMode>,
);
