import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PASSWORD_MIN, usernameSchema } from '@shared/accounts/account.schemas.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { startApp } from '../boot/startApp.js';
import { appStore } from '../state/store.js';
import { FormAlert } from '../forms/FormAlert.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { newPasswordErrors } from '../login/newPasswordErrors.js';
import { userAtom } from '../sessions/userAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';

/** An account made by an admin or an import chooses its own username and password. */
export default function SetupExistingUserPage() {
  usePageTitle('Set up your account');
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { username: user?.username ?? '', password: '', repeat: '' },
    validate: (values) => {
      const username = usernameSchema.safeParse(values.username);
      return {
        ...newPasswordErrors(values, 'password', 'repeat'),
        ...(username.success ? {} : { username: { message: username.error.issues[0].message } }),
      };
    },
    submit: (values) =>
      api.post<null>(ACCOUNT_ENDPOINTS.setupExistingUser, { username: values.username.trim(), password: values.password }),
    onSuccess: async () => {
      await startApp();
      const next = appStore.get(userAtom);
      navigate(next && !next.finishedGetStarted ? PATHS.getStarted : PATHS.home, { replace: true });
    },
  });

  if (user && !user.needsSetup) {
    return (
      <div className="auth-card">
        <h1>Your account is set up</h1>
        <p>You already chose your username and password. You can change your password in the security settings.</p>
        <Link className="button button-primary" to={PATHS.home}>
          Go to the dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>Set up your account</h1>
      <p className="muted">Your account was created for you. Choose the username and password you will log in with.</p>
      <form ref={form.formRef} className="form" noValidate onSubmit={form.handleSubmit}>
        <FormAlert errors={form.formErrors} />
        <TextField
          label="Username"
          hint="3 to 24 letters, digits or underscores."
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('username')}
        />
        <TextField
          label="Password"
          type="password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField label="Password again" type="password" autoComplete="new-password" {...form.field('repeat')} />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Saving…">
            Save and continue
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
