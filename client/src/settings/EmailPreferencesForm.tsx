import { useState, type FormEvent } from 'react';
import type { EmailPreferencesAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_LABELS,
  type EmailCategory,
  type EmailPreferences,
} from '@shared/accounts/account.schemas.js';
import type { ApiError } from '@shared/api/envelope.js';
import { api } from '../api/api.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { SubmitButton } from '../forms/SubmitButton.js';

/** Mail about the account itself (confirmations, resets) cannot be turned off. */
const ALWAYS_ON: EmailCategory = 'account';

function preferencesOf(answer: EmailPreferencesAnswer): EmailPreferences {
  return Object.fromEntries(
    EMAIL_CATEGORIES.map((category) => [category, category === ALWAYS_ON || answer[category]]),
  ) as EmailPreferences;
}

/** A checkbox per mail category; saving uses the same link or session the page was opened with. */
export function EmailPreferencesForm({ answer, query }: { answer: EmailPreferencesAnswer; query: string }) {
  const [preferences, setPreferences] = useState<EmailPreferences>(() => preferencesOf(answer));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);

  const toggle = (category: EmailCategory, on: boolean) => {
    setSaved(false);
    setPreferences((current) => ({ ...current, [category]: on }));
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setSaved(false);
    setErrors([]);
    const path = query ? `${ACCOUNT_ENDPOINTS.emailSettings}?${query}` : ACCOUNT_ENDPOINTS.emailSettings;
    const result = await api.put<EmailPreferencesAnswer>(path, { ...preferences, [ALWAYS_ON]: true });
    setSaving(false);
    if (isSuccess(result.status)) {
      if (result.data) setPreferences(preferencesOf(result.data));
      setSaved(true);
    } else {
      setErrors(errorsOrFallback(result.errors, result.status));
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void save(event)}>
      <p>
        Mail preferences for <strong>{answer.email}</strong>
      </p>
      <FormAlert errors={errors} />
      <fieldset className="checkbox-list">
        <legend>Send me mail about</legend>
        {EMAIL_CATEGORIES.map((category) => (
          <label key={category} className="checkbox-row">
            <input
              type="checkbox"
              name={category}
              checked={preferences[category]}
              disabled={category === ALWAYS_ON}
              onChange={(event) => toggle(category, event.target.checked)}
            />
            <span>
              {EMAIL_CATEGORY_LABELS[category]}
              {category === ALWAYS_ON && <span className="muted"> — always sent, to keep your account safe</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <SubmitButton busy={saving} busyLabel="Saving…">
          Save
        </SubmitButton>
        <span role="status" className="form-status">
          {saved ? 'Your mail preferences are saved.' : ''}
        </span>
      </div>
    </form>
  );
}
