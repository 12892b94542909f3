import type { ReactNode } from 'react';
import { useHydrated } from '../server-page/useHydrated.js';
import './forms.css';

/**
 * The form's main button. While busy it says so and ignores presses; it stays focusable
 * (aria-disabled, not disabled) so keyboard focus is not lost mid-submit. In a page drawn by the
 * server it is disabled until the app has taken the page over: the browser's own submission of
 * the form (a GET) would put the password in the address.
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="button button-primary" aria-disabled={busy || undefined} disabled={!hydrated || undefined}>
      {busy && <span className="button-spinner" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
