import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_INTERESTS } from '@shared/accounts/account.schemas.js';
import { addInterests } from './interests.js';

interface InterestsInputProps {
  value: readonly string[];
  onChange: (interests: string[]) => void;
  error?: string;
}

/** Free tags: type one (or several, with commas) and press Enter or Add; each has a remove button. */
export function InterestsInput({ value, onChange, error }: InterestsInputProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;

  const add = () => {
    const update = addInterests(value, typed);
    onChange(update.interests);
    setProblem(update.problem);
    if (!update.problem) setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>Interests</label>
      <p id={`${id}-hint`} className="field-hint">
        Topics you like, such as “cooking” or “web design”. Up to {MAX_INTERESTS}; {value.length} added.
      </p>
      <div className="interest-entry">
        <input
          id={id}
          type="text"
          value={typed}
          maxLength={200}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button" onClick={add}>
          Add
        </button>
      </div>
      {shownError && (
        <p id={`${id}-error`} className="field-error">
          {shownError}
        </p>
      )}
      {value.length > 0 && (
        <ul className="chips" aria-label="Your interests">
          {value.map((interest) => (
            <li key={interest} className="chip">
              {interest}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${interest}`}
                onClick={() => {
                  onChange(value.filter((existing) => existing !== interest));
                  setProblem(null);
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
