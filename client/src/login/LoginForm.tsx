import { useAtomValue } from 'jotai';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { loginSchema } from '@shared/accounts/account.schemas.js';
import { PATHS } from '@shared/routing/routes.js';
import { Link } from 'react-router-dom';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { websiteAtom } from '../website/websiteAtom.js';

const FIELDS = ['login', 'password'] as const;

interface LoginFormProps {
  /** On /login/multi: sign in beside the accounts already signed in instead of replacing them. */
  addAccount?: boolean;
  submitLabel?: string;
  /** Runs after the server accepted the login; the button shows progress until it settles. */
  onLoggedIn: () => Promise<void>;
}

/** Username-or-email and password, with the ways out: a forgotten password and (when open) signup. */
export function LoginForm({ addAccount = false, submitLabel = 'Log in', onLoggedIn }: LoginFormProps) {
  const website = useAtomValue(websiteAtom);
  const form = useForm({
    initialValues: { login: '', password: '' },
    validate: (values) => schemaFieldErrors(loginSchema, values, FIELDS),
    submit: (values) => api.post<null>(ACCOUNT_ENDPOINTS.login, { ...values, ...(addAccount ? { addAccount: true } : {}) }),
    onSuccess: onLoggedIn,
  });
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.handleSubmit}>
      <FormAlert errors={form.formErrors} />
      <TextField
        label="Username or email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('login')}
      />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <div className="form-actions form-actions-split">
        <SubmitButton busy={form.submitting} busyLabel="Logging in…">
          {submitLabel}
        </SubmitButton>
        <Link to={PATHS.passwordReset}>Forgot your password?</Link>
      </div>
      {website?.signups && !addAccount && (
        <p className="muted">
          New here? <Link to={PATHS.signup}>Create an account</Link>
        </p>
      )}
    </form>
  );
}
