import { useId, type ReactNode } from 'react';
import { describedBy, FieldErrorText, FieldHint, type ControlProps } from './FieldShell.js';
import type { Choice } from './SelectField.js';

/** A few choices shown at once: a fieldset of radio buttons named by its legend (arrow keys move between them). */
export function RadioGroupField({
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
    <fieldset className="field radio-group" aria-describedby={describedBy(id, hint, error)}>
      <legend className="field-label">{label}</legend>
      <FieldHint id={id} hint={hint} />
      <div className="radio-group-choices">
        {choices.map((choice) => (
          <label key={choice.value} className="radio-choice">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onValue(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldErrorText id={id} error={error} />
    </fieldset>
  );
}
