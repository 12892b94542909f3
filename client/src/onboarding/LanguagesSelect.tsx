import { useId, useMemo } from 'react';
import { LANGUAGE_NAMES, rotatorLanguageOptions } from '@shared/constants/languages.js';

interface LanguagesSelectProps {
  value: readonly string[];
  onChange: (languages: string[]) => void;
  error?: string;
}

/**
 * The languages a member reads, as a list of checkboxes (en, es, de, fr, ru, a rule, then the
 * rest): a tap or the space bar toggles one, on a phone as with a mouse. The chosen ones repeat
 * as chips above the list, each removable, so a choice far down the list stays in sight.
 */
export function LanguagesSelect({ value, onChange, error }: LanguagesSelectProps) {
  const id = useId();
  const options = useMemo(() => rotatorLanguageOptions(), []);
  const describedBy = [`${id}-hint`, `${id}-chosen`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const toggle = (code: string, on: boolean) => onChange(on ? [...value, code] : value.filter((chosen) => chosen !== code));
  return (
    <fieldset className="field language-fieldset" aria-describedby={describedBy}>
      <legend>Languages you read</legend>
      <p id={`${id}-hint`} className="field-hint">
        Posts in these languages are shown to you first; posts in other languages still come after them.
      </p>
      <div id={`${id}-chosen`} className="chips" aria-live="polite">
        {value.length === 0 ? (
          <span className="muted">No language chosen yet.</span>
        ) : (
          <>
            <span className="visually-hidden">Chosen: </span>
            {value.map((code) => (
              <span key={code} className="chip">
                {LANGUAGE_NAMES[code] ?? code}
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove ${LANGUAGE_NAMES[code] ?? code}`}
                  onClick={() => toggle(code, false)}
                >
                  ×
                </button>
              </span>
            ))}
          </>
        )}
      </div>
      <ul className="language-list">
        {options.map((option, index) =>
          option.disabled ? (
            <li key={`blank-${index}`} className="language-rule" aria-hidden="true" />
          ) : (
            <li key={option.code}>
              <label className="language-option">
                <input
                  type="checkbox"
                  value={option.code}
                  checked={value.includes(option.code)}
                  onChange={(event) => toggle(option.code, event.target.checked)}
                />
                <span>{option.name || option.code}</span>
              </label>
            </li>
          ),
        )}
      </ul>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
