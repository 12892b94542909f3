import { useId, type ReactNode } from 'react';
import { describedBy, FieldErrorText, FieldHint, type ControlProps } from './FieldShell.js';

export interface Choice {
  value: string;
  label: string;
}

/** A labelled drop-down list. */
export function SelectField({
  label,
  hint,
  error,
  name,
  value,
  onValue,
  choices,
}: ControlProps & { label: string; hint?: ReactNode; choices: readonly Choice[] }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={id} hint={hint} />
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onValue(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <FieldErrorText id={id} error={error} />
    </div>
  );
}
