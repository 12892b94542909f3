import type { ReactNode } from 'react';
import type { FieldError } from '../../forms/fieldErrors.js';
import { ErrorLink } from '../../forms/ErrorLink.js';

/** The props a form control gets from its form: its value, its error, and how to change it. */
export interface ControlProps {
  name: string;
  value: string;
  error?: FieldError;
  onValue: (value: string) => void;
}

/** Ids tying a control to its hint and error, so screen readers read them with it. */
export function describedBy(id: string, hint: ReactNode, error: FieldError | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  );
}

export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {error.message} {error.link && <ErrorLink href={error.link} />}
    </p>
  );
}
