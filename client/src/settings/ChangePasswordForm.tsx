import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PASSWORD_MIN, changePasswordSchema } from '@shared/accounts/account.schemas.js';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { newPasswordErrors } from '../login/newPasswordErrors.js';
import { userAtom } from '../sessions/userAtom.js';

const EMPTY = { currentPassword: '', newPassword: '', repeat: '' };

/** Needs the current password; the server then logs out every other session of the account. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const user = useAtomValue(userAtom);
  const [changed, setChanged] = useState(false);
  const form = useForm({
    initialValues: EMPTY,
    validate: (values) => ({
      ...newPasswordErrors(values, 'newPassword', 'repeat'),
      ...schemaFieldErrors(changePasswordSchema.pick({ currentPassword: true }), values, ['currentPassword'] as const),
    }),
    submit: (values) =>
      api.put<null>(ACCOUNT_ENDPOINTS.password, { currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      form.reset(EMPTY);
      setChanged(true);
      onChanged();
    },
  });
  return (
    <form
      ref={form.formRef}
      className="form form-narrow"
      noValidate
      onSubmit={(event) => {
        setChanged(false);
        void form.handleSubmit(event);
      }}
    >
      <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
      <FormAlert errors={form.formErrors} />
      <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...form.field('newPassword')}
      />
      <TextField label="New password again" type="password" autoComplete="new-password" {...form.field('repeat')} />
      <div className="form-actions">
        <SubmitButton busy={form.submitting} busyLabel="Changing…">
          Change password
        </SubmitButton>
      </div>
      <p role="status" className="form-status">
        {changed ? 'Your password is changed. Your other sessions were logged out.' : ''}
      </p>
    </form>
  );
}
