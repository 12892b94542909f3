import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { changeEmailSchema } from '@shared/accounts/account.schemas.js';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { userAtom } from '../sessions/userAtom.js';
import '../feedback/feedback.css';

const FIELDS = ['newEmail', 'password'] as const;

/** A new address takes effect only once the link mailed to it is opened. */
export function ChangeEmailForm() {
  const user = useAtomValue(userAtom);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { newEmail: '', password: '' },
    validate: (values) => schemaFieldErrors(changeEmailSchema, values, FIELDS),
    submit: (values) => api.post<null>(ACCOUNT_ENDPOINTS.email, { newEmail: values.newEmail.trim(), password: values.password }),
    onSuccess: (_data, values) => {
      setSentTo(values.newEmail.trim());
      form.reset();
    },
  });
  return (
    <section aria-labelledby="settings-email-heading">
      <h2 id="settings-email-heading" className="section-heading">
        Email address
      </h2>
      <p>
        Your address now: <strong>{user?.email}</strong>
        {user && !user.emailConfirmed && ' (not confirmed yet)'}
      </p>
      <div role="status">
        {sentTo && (
          <div className="status-message">
            <p>
              We sent a confirmation link to <strong>{sentTo}</strong>; your address changes when you open it.
            </p>
          </div>
        )}
      </div>
      <form ref={form.formRef} className="form form-narrow" noValidate onSubmit={form.handleSubmit}>
        <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
        <FormAlert errors={form.formErrors} />
        <TextField
          label="New email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          {...form.field('newEmail')}
        />
        <TextField label="Your password" type="password" autoComplete="current-password" {...form.field('password')} />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Sending…">
            Send the confirmation link
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
