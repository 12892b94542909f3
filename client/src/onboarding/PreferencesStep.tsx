import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { onboardingPreferencesSchema, type OnboardingPreferencesPayload } from '@shared/accounts/account.schemas.js';
import type { ApiError } from '@shared/api/envelope.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess, issuesToFieldErrors, splitApiErrors, type FieldErrors } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { InterestsInput } from './InterestsInput.js';
import { LanguagesSelect } from './LanguagesSelect.js';
import { onboardingStepPath } from './onboardingSteps.js';

const FIELDS = ['languages', 'interests'] as const;

export function PreferencesStep() {
  const saved = useApiData<OnboardingPreferencesPayload>(ACCOUNT_ENDPOINTS.onboardingPreferences);
  return (
    <section aria-labelledby="onboarding-preferences-heading">
      <h2 id="onboarding-preferences-heading" className="section-heading">
        Languages and interests
      </h2>
      <p className="muted">We use these to choose which posts you see first. You can change them later.</p>
      {saved.failure ? (
        <ErrorState failure={saved.failure} onRetry={saved.reload} />
      ) : saved.data ? (
        <PreferencesForm initial={saved.data} />
      ) : (
        <LoadingState label="Loading your choices…" />
      )}
    </section>
  );
}

function PreferencesForm({ initial }: { initial: OnboardingPreferencesPayload }) {
  const navigate = useNavigate();
  const [languages, setLanguages] = useState<string[]>(initial.languages);
  const [interests, setInterests] = useState<string[]>(initial.interests);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<(typeof FIELDS)[number]>>({});
  const [formErrors, setFormErrors] = useState<ApiError[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const payload = { languages, interests };
    const checked = onboardingPreferencesSchema.safeParse(payload);
    setFormErrors([]);
    if (!checked.success) {
      setFieldErrors(issuesToFieldErrors(checked.error.issues, FIELDS));
      return;
    }
    setFieldErrors({});
    setSaving(true);
    const result = await api.put<null>(ACCOUNT_ENDPOINTS.onboardingPreferences, checked.data);
    if (isSuccess(result.status)) {
      navigate(onboardingStepPath(3));
      return;
    }
    const split = splitApiErrors(result.errors, FIELDS);
    setFieldErrors(split.fields);
    setFormErrors(Object.keys(split.fields).length ? split.form : errorsOrFallback(split.form, result.status));
    setSaving(false);
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert errors={formErrors} />
      <LanguagesSelect value={languages} onChange={setLanguages} error={fieldErrors.languages?.message} />
      <InterestsInput value={interests} onChange={setInterests} error={fieldErrors.interests?.message} />
      <div className="form-actions form-actions-split">
        <Link className="button" to={onboardingStepPath(1)}>
          Back
        </Link>
        <SubmitButton busy={saving} busyLabel="Saving…">
          Next
        </SubmitButton>
      </div>
    </form>
  );
}
