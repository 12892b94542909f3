import type { ReactNode } from 'react';
import './forms.css';

/**
 * The form's main button. While busy it says so and ignores presses; it stays focusable
 * (aria-disabled, not disabled) so keyboard focus is not lost mid-submit.
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
      {busy && <span className="button-spinner" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
