import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError } from './fieldErrors.js';
import { ErrorLink } from './ErrorLink.js';
import './forms.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: FieldError;
  hint?: ReactNode;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input id={id} type="text" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={errorId} className="field-error">
          {error.message} {error.link && <ErrorLink href={error.link} />}
        </p>
      )}
    </div>
  );
}
