import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { signupSchema } from '@shared/accounts/account.schemas.js';
import { PASSWORD_MIN } from '@shared/accounts/account.schemas.js';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';

const FIELDS = ['username', 'first_name', 'email', 'password'] as const;

/** Username, first name, email and password; taken names and addresses show beside their field. */
export function SignupForm({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const form = useForm({
    initialValues: { username: '', first_name: '', email: '', password: '' },
    validate: (values) => schemaFieldErrors(signupSchema, values, FIELDS),
    submit: (values) => api.post<null>(ACCOUNT_ENDPOINTS.signup, values),
    onSuccess: onSignedUp,
  });
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.handleSubmit}>
      <FormAlert errors={form.formErrors} />
      <TextField
        label="Username"
        hint="3 to 24 letters, digits or underscores. Others see it on your profile."
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('username')}
      />
      <TextField label="First name" autoComplete="given-name" {...form.field('first_name')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        autoComplete="new-password"
        {...form.field('password')}
      />
      <div className="form-actions">
        <SubmitButton busy={form.submitting} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
      </div>
    </form>
  );
}
