import { useId, useMemo, useState, type FormEvent } from 'react';
import { rotatorLanguageOptions } from '@shared/constants/languages.js';
import { rotatorSchema, SURF_ENDPOINTS, type RotatorAnswer } from '@shared/surf/surf.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { chosenLanguagesText } from './rotatorText.js';

/**
 * The post rotator: which languages' posts the surf bar shows.
 * The list is en, es, de, fr, ru, a blank, then the rest A–Z.
 */
export function RotatorLanguages({ onSaved }: { onSaved: () => void }) {
  const rotator = useApiData<RotatorAnswer>(SURF_ENDPOINTS.rotator);
  const options = useMemo(() => rotatorLanguageOptions(), []);
  const id = useId();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const selected = chosen ?? rotator.data?.selected ?? [];

  const toggle = (code: string, on: boolean) => {
    setOutcome(null);
    setChosen(on ? [...selected.filter((entry) => entry !== code), code] : selected.filter((entry) => entry !== code));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = rotatorSchema.safeParse({ languages: selected });
    if (!parsed.success) {
      setOutcome({ ok: false, text: 'Please choose at most 30 languages.' });
      return;
    }
    setBusy(true);
    const result = await api.request<RotatorAnswer>({ method: 'PUT', path: SURF_ENDPOINTS.rotator, json: parsed.data });
    setBusy(false);
    if (isSuccess(result.status) && result.data) {
      setChosen(result.data.selected);
      setOutcome({ ok: true, text: `Saved. You are shown posts in ${chosenLanguagesText(result.data.selected)}.` });
      onSaved();
    } else {
      setOutcome({
        ok: false,
        text: errorsOrFallback(result.errors, result.status)
          .map((error) => error.message)
          .join(' '),
      });
    }
  };

  return (
    <details className="surf-rotator">
      <summary>
        Post rotator: <span className="surf-rotator-choice">{rotator.data ? chosenLanguagesText(selected) : '…'}</span>
      </summary>
      {rotator.failure ? (
        <ErrorState failure={rotator.failure} onRetry={rotator.reload} title="Your languages could not be loaded" />
      ) : !rotator.data ? (
        <LoadingState label="Loading your languages…" />
      ) : (
        <form onSubmit={(event) => void save(event)} className="rotator-form">
          <fieldset className="rotator-fieldset" aria-describedby={`${id}-hint`}>
            <legend>Show me posts in these languages</legend>
            <p id={`${id}-hint`} className="field-hint">
              Choose none to see posts in every language.
            </p>
            <ul className="rotator-list">
              {options.map((option, index) =>
                option.disabled ? (
                  <li key={`blank-${index}`} className="rotator-blank" aria-hidden="true" />
                ) : (
                  <li key={option.code}>
                    <label className="rotator-option">
                      <input
                        type="checkbox"
                        value={option.code}
                        checked={selected.includes(option.code)}
                        onChange={(event) => toggle(option.code, event.target.checked)}
                      />
                      <span>{option.name}</span>
                    </label>
                  </li>
                ),
              )}
            </ul>
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {busy ? 'Saving…' : 'Save languages'}
            </button>
            <p role="status" className="form-status">
              {outcome?.ok ? outcome.text : ''}
            </p>
          </div>
          {outcome && !outcome.ok && (
            <p role="alert" className="field-error">
              {outcome.text}
            </p>
          )}
        </form>
      )}
    </details>
  );
}
