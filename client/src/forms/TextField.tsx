import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldError } from './fieldErrors.js';
import { ErrorLink } from './ErrorLink.js';
import './forms.css';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'children'> {
  label: string;
  name: string;
  error?: FieldError;
  hint?: ReactNode;
  /**
   * Announce the error the moment it appears (role="alert"): for a field whose error follows a
   * press of a button beside it rather than a submit that moves focus to the field.
   */
  announceError?: boolean;
  /** Controls on the input's line, after it (the buttons of a one-field form). */
  children?: ReactNode;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, error, hint, announceError, className, children, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = <input id={id} type="text" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children ? (
        <div className="field-row">
          {control}
          {children}
        </div>
      ) : (
        control
      )}
      {error && (
        <p id={errorId} className="field-error" role={announceError ? 'alert' : undefined}>
          {error.message} {error.link && <ErrorLink href={error.link} />}
        </p>
      )}
    </div>
  );
}
