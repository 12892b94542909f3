import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { rotatorLanguageOptions } from '@shared/constants/languages.js';
import { rotatorSchema, SURF_ENDPOINTS, type RotatorAnswer } from '@shared/surf/surf.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { chosenLanguagesText } from './rotatorText.js';

/**
 * The post rotator: which languages' posts the surf bar shows, and whether only posts carrying a
 * tag the member follows (surf my tags). The list is en, es, de, fr, ru, a blank, then the rest A–Z.
 */
export function RotatorLanguages({ onSaved }: { onSaved: () => void }) {
  const rotator = useApiData<RotatorAnswer>(SURF_ENDPOINTS.rotator);
  const options = useMemo(() => rotatorLanguageOptions(), []);
  const id = useId();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [chosenMyTags, setChosenMyTags] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const selected = chosen ?? rotator.data?.selected ?? [];
  const myTags = chosenMyTags ?? rotator.data?.myTags ?? false;
  const followedTags = rotator.data?.followedTags ?? [];

  const toggle = (code: string, on: boolean) => {
    setOutcome(null);
    setChosen(on ? [...selected.filter((entry) => entry !== code), code] : selected.filter((entry) => entry !== code));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = rotatorSchema.safeParse({ languages: selected, myTags });
    if (!parsed.success) {
      setOutcome({ ok: false, text: 'Please choose at most 30 languages.' });
      return;
    }
    setBusy(true);
    const result = await api.request<RotatorAnswer>({ method: 'PUT', path: SURF_ENDPOINTS.rotator, json: parsed.data });
    setBusy(false);
    if (isSuccess(result.status) && result.data) {
      setChosen(result.data.selected);
      setChosenMyTags(result.data.myTags);
      setOutcome({
        ok: true,
        text: `Saved. You are shown posts in ${chosenLanguagesText(result.data.selected)}${result.data.myTags ? ', with tags you follow' : ''}.`,
      });
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
        Post rotator:{' '}
        <span className="surf-rotator-choice">
          {rotator.data ? `${chosenLanguagesText(selected)}${myTags ? ', my tags only' : ''}` : '…'}
        </span>
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
          <div className="field rotator-my-tags">
            <label className="rotator-option">
              <input
                type="checkbox"
                checked={myTags}
                aria-describedby={`${id}-tags-hint`}
                onChange={(event) => {
                  setOutcome(null);
                  setChosenMyTags(event.target.checked);
                }}
              />
              <span>Surf my tags: only posts with tags I follow</span>
            </label>
            <p id={`${id}-tags-hint`} className="field-hint">
              {followedTags.length > 0 ? (
                `You follow ${followedTags.map((tag) => `#${tag}`).join(', ')}.`
              ) : (
                <>
                  You follow no tags yet, so nothing would be shown. <Link to={PATHS.tags}>Follow tags</Link>
                </>
              )}
            </p>
          </div>
          <div className="form-actions">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {busy ? 'Saving…' : 'Save choices'}
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
