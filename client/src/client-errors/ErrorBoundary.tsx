import { Component, type ErrorInfo, type ReactNode } from 'react';
import { GENERIC_ERROR_TEXT } from '@shared/client-errors/reporting.js';
import { reportCrash } from './reportCrash.js';

interface State {
  failed: boolean;
}

/** Any crash below shows the generic error page and is reported. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportCrash(error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page page-centered generic-error" id="main">
        <p className="generic-error-text">{GENERIC_ERROR_TEXT}</p>
        {/* A full load, so the app starts clean rather than re-rendering the broken tree. */}
        <button type="button" className="button button-primary" onClick={() => window.location.assign('/')}>
          Home
        </button>
      </main>
    );
  }
}
