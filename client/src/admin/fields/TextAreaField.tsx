import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldErrorText, FieldHint, type ControlProps } from './FieldShell.js';

type TextAreaFieldProps = ControlProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'value' | 'onChange'> & { label: string; hint?: ReactNode };

/** A labelled multi-line text box, with its hint and error tied to it like TextField's. */
export function TextAreaField({ label, hint, error, onValue, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={id} hint={hint} />
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onValue(event.target.value)}
        {...textarea}
      />
      <FieldErrorText id={id} error={error} />
    </div>
  );
}
