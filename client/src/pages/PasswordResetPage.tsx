import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { passwordResetRequestSchema } from '@shared/accounts/account.schemas.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../feedback/feedback.css';

const FIELDS = ['email'] as const;

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export default function PasswordResetPage() {
  usePageTitle('Reset your password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => schemaFieldErrors(passwordResetRequestSchema, values, FIELDS),
    submit: (values) => api.post<null>(ACCOUNT_ENDPOINTS.passwordResetRequest, values),
    onSuccess: (_data, values) => setSentTo(values.email.trim()),
  });

  return (
    <div className="auth-card">
      <h1>Reset your password</h1>
      {sentTo ? (
        <div className="status-message" role="status">
          <p>
            If an account exists for that address, we sent a link to <strong>{sentTo}</strong>. It works for one hour.
          </p>
        </div>
      ) : (
        <form ref={form.formRef} className="form" noValidate onSubmit={form.handleSubmit}>
          <p className="muted">Enter the email address of your account and we will send you a link to choose a new password.</p>
          <FormAlert errors={form.formErrors} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...form.field('email')}
          />
          <div className="form-actions">
            <SubmitButton busy={form.submitting} busyLabel="Sending…">
              Send the link
            </SubmitButton>
          </div>
        </form>
      )}
      {sentTo && (
        <p>
          Nothing arrived after a few minutes? Check the spam folder, or{' '}
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            try another address
          </button>
          .
        </p>
      )}
      <div className="auth-card-links">
        <p>
          Remembered it? <Link to={PATHS.login}>Log in</Link>
        </p>
      </div>
    </div>
  );
}
