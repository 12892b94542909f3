import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PASSWORD_MIN, passwordResetSchema } from '@shared/accounts/account.schemas.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { startApp } from '../boot/startApp.js';
import { FormAlert } from '../forms/FormAlert.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { newPasswordErrors } from '../login/newPasswordErrors.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import { ErrorCode } from '@shared/api/error-codes.js';

/** Chooses a new password with the mailed token; that logs in and ends the other sessions. */
export default function PasswordResetTokenPage() {
  const { token = '' } = useParams();
  const [linkInvalid, setLinkInvalid] = useState(() => !passwordResetSchema.shape.token.safeParse(token).success);
  usePageTitle(linkInvalid ? 'Link not valid' : 'Choose a new password');
  const navigate = useNavigate();
  const pushToast = useSetAtom(pushToastAtom);

  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: (values) => newPasswordErrors(values, 'password', 'repeat'),
    submit: async (values) => {
      const result = await api.post<null>(ACCOUNT_ENDPOINTS.passwordReset, { token, password: values.password });
      if (result.errors.some((error) => error.code === ErrorCode.LinkInvalid || error.field === 'token')) setLinkInvalid(true);
      return result;
    },
    onSuccess: async () => {
      await startApp();
      pushToast({
        header: 'Password changed',
        body: 'You are logged in with your new password. Your other sessions were logged out.',
      });
      navigate(PATHS.home, { replace: true });
    },
  });

  if (linkInvalid) {
    return (
      <div className="auth-card">
        <h1>Link not valid</h1>
        <p role="alert">This password reset link has expired or has already been used. Links work once, for one hour.</p>
        <Link className="button button-primary" to={PATHS.passwordReset}>
          Ask for a new link
        </Link>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>Choose a new password</h1>
      <form ref={form.formRef} className="form" noValidate onSubmit={form.handleSubmit}>
        <FormAlert errors={form.formErrors} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          {...form.field('password')}
        />
        <TextField label="New password again" type="password" autoComplete="new-password" {...form.field('repeat')} />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Saving…">
            Save and log in
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
