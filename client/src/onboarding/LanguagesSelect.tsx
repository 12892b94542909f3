import { useId, useMemo } from 'react';
import { LANGUAGE_NAMES, rotatorLanguageOptions } from '@shared/constants/languages.js';

interface LanguagesSelectProps {
  value: readonly string[];
  onChange: (languages: string[]) => void;
  error?: string;
}

/** The rotator's languages (en, es, de, fr, ru, a disabled blank, then the rest) as a multi-select. */
export function LanguagesSelect({ value, onChange, error }: LanguagesSelectProps) {
  const id = useId();
  const options = useMemo(() => rotatorLanguageOptions(), []);
  const describedBy = [`${id}-hint`, `${id}-chosen`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>Languages you read</label>
      <p id={`${id}-hint`} className="field-hint">
        Posts in these languages are shown to you first. Hold Ctrl (⌘ on a Mac) to choose several.
      </p>
      <select
        id={id}
        multiple
        size={8}
        value={[...value]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(Array.from(event.target.selectedOptions, (option) => option.value).filter(Boolean))}
      >
        {options.map((option, index) =>
          option.disabled ? (
            <option key={`blank-${index}`} value="" disabled>
              {'\u00a0'}
            </option>
          ) : (
            <option key={option.code} value={option.code}>
              {option.name || option.code}
            </option>
          ),
        )}
      </select>
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
                  onClick={() => onChange(value.filter((chosen) => chosen !== code))}
                >
                  ×
                </button>
              </span>
            ))}
          </>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
