import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { OwnProfileAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { profileSchema } from '@shared/accounts/account.schemas.js';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { userAtom } from '../sessions/userAtom.js';
import { useApplyOwnProfile } from './useApplyOwnProfile.js';

const FIELDS = ['first_name'] as const;

interface FirstNameFormProps {
  submitLabel: string;
  onSaved?: () => void | Promise<void>;
  /** Said under the button after a save, for forms that stay on screen. */
  savedMessage?: string;
}

/** The member's first name (PUT profile); used in onboarding and in settings. */
export function FirstNameForm({ submitLabel, onSaved, savedMessage }: FirstNameFormProps) {
  const user = useAtomValue(userAtom);
  const [saved, setSaved] = useState(false);
  const applyProfile = useApplyOwnProfile();
  const form = useForm({
    initialValues: { first_name: user?.first_name ?? '' },
    validate: (values) => schemaFieldErrors(profileSchema, values, FIELDS),
    submit: (values) => api.put<OwnProfileAnswer>(ACCOUNT_ENDPOINTS.profile, { first_name: values.first_name.trim() }),
    onSuccess: async (profile) => {
      applyProfile(profile);
      setSaved(true);
      await onSaved?.();
    },
  });
  return (
    <form
      ref={form.formRef}
      className="form form-narrow"
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        void form.handleSubmit(event);
      }}
    >
      <FormAlert errors={form.formErrors} />
      <TextField label="First name" autoComplete="given-name" {...form.field('first_name')} />
      <div className="form-actions">
        <SubmitButton busy={form.submitting} busyLabel="Saving…">
          {submitLabel}
        </SubmitButton>
      </div>
      {savedMessage && (
        <p role="status" className="form-status">
          {saved ? savedMessage : ''}
        </p>
      )}
    </form>
  );
}
