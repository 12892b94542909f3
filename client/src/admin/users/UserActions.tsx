import { useState, type FormEvent } from 'react';
import { ADMIN_USER_ENDPOINTS, type AdminUserProfile } from '@shared/admin/users.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import { api } from '../../api/api.js';
import type { ApiResult } from '../../api/apiClient.js';
import { createActionKeys } from '../../api/idempotencyKeys.js';
import { requestOnce } from '../../api/requestOnce.js';
import { TextField } from '../../forms/TextField.js';
import { ConfirmButton, useConfirm } from '../fields/ConfirmButton.js';
import { MessageMemberForm } from '../MessageMemberForm.js';
import { ActionOutcomeView, useActionOutcome } from '../actionOutcome.js';

/** What an admin reads for a refusal, by its code; other refusals keep the server's words. */
function explain(errors: readonly ApiError[]): ApiError[] {
  return errors.map((error) => {
    switch (error.code) {
      case ErrorCode.BalanceBelowZero:
        return { ...error, message: `${error.message} Nothing was changed.` };
      case ErrorCode.OwnAccount:
        return { ...error, message: 'That cannot be done to your own account. Ask another admin.' };
      case ErrorCode.LastAdmin:
        return { ...error, message: 'This is the last admin: make someone else an admin first.' };
      case ErrorCode.NotFound:
        return { ...error, message: 'This member no longer exists.' };
      default:
        return error;
    }
  });
}

/**
 * The actions on one member: adjust credits, stop or restore earning, suspend or restore login,
 * make or remove admin, start a password reset, send a message. The destructive ones ask first;
 * each says what happened, or why not, and the page reloads the member.
 */
export function UserActions({
  user,
  selfId,
  onChanged,
}: {
  user: AdminUserProfile;
  selfId: number | null;
  onChanged: () => void;
}) {
  const outcome = useActionOutcome(explain);

  const done = (result: ApiResult<unknown>, success: string): boolean => {
    const went = outcome.done(result, success);
    if (went) onChanged();
    return went;
  };
  const self = selfId === user.id;

  return (
    <section aria-labelledby="admin-user-actions-heading" className="admin-user-actions">
      <h2 id="admin-user-actions-heading" className="section-heading">
        Actions
      </h2>
      <ActionOutcomeView outcome={outcome} />
      <AdjustCredits user={user} onResult={done} />
      <div className="admin-action-buttons">
        {user.earning ? (
          <ConfirmButton
            label="Stop earning"
            header={`Stop ${user.username}’s earning?`}
            body={<p>Their surf bar stops paying at once and says why. Their credits stay as they are.</p>}
            run={() => api.post(ADMIN_USER_ENDPOINTS.stopEarning(user.id))}
            onResult={(result) => done(result, `${user.username} can no longer earn credits.`)}
          />
        ) : (
          <ActionButton
            label="Restore earning"
            run={() => api.post(ADMIN_USER_ENDPOINTS.restoreEarning(user.id), { earning: true })}
            onResult={(result) => done(result, `${user.username} can earn again; their surf score is reset.`)}
          />
        )}
        {!self &&
          (user.loginSuspended ? (
            <ActionButton
              label="Restore login"
              run={() => api.post(ADMIN_USER_ENDPOINTS.login(user.id), { suspended: false })}
              onResult={(result) => done(result, `${user.username} can log in again.`)}
            />
          ) : (
            <ConfirmButton
              label="Suspend login"
              header={`Suspend ${user.username}’s login?`}
              body={<p>They are logged out everywhere at once and cannot log in until the login is restored.</p>}
              run={() => api.post(ADMIN_USER_ENDPOINTS.login(user.id), { suspended: true })}
              onResult={(result) => done(result, `${user.username} is logged out and cannot log in.`)}
            />
          ))}
        {!self &&
          (user.role === 'admin' ? (
            <ConfirmButton
              label="Remove admin"
              header={`Remove ${user.username} as an admin?`}
              body={<p>They lose the admin area at once and become a member.</p>}
              run={() => api.post(ADMIN_USER_ENDPOINTS.role(user.id), { role: 'member' })}
              onResult={(result) => done(result, `${user.username} is a member now.`)}
            />
          ) : (
            <ConfirmButton
              label="Make admin"
              header={`Make ${user.username} an admin?`}
              body={<p>They can then see every member and take every admin action.</p>}
              run={() => api.post(ADMIN_USER_ENDPOINTS.role(user.id), { role: 'admin' })}
              onResult={(result) => done(result, `${user.username} is an admin now.`)}
            />
          ))}
        <ConfirmButton
          label="Send password reset"
          header={`Mail ${user.username} a password reset link?`}
          body={<p>The link goes to {user.email}; their password stays until they use it.</p>}
          run={() => api.post(ADMIN_USER_ENDPOINTS.passwordReset(user.id))}
          onResult={(result) => done(result, `A password reset link was mailed to ${user.email}.`)}
        />
      </div>
      <MessageMemberForm member={{ id: user.id, username: user.username }} />
    </section>
  );
}

function AdjustCredits({
  user,
  onResult,
}: {
  user: AdminUserProfile;
  onResult: (result: ApiResult<unknown>, success: string) => boolean;
}) {
  const confirm = useConfirm();
  const [keys] = useState(createActionKeys);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ amount?: string; reason?: string }>({});

  const send = async (value: number) => {
    setBusy(true);
    const action = `${user.id}:${value}:${reason.trim()}`;
    const result = await requestOnce<AdminUserProfile>(
      { method: 'POST', path: ADMIN_USER_ENDPOINTS.credits(user.id), json: { amount: value, reason } },
      keys,
      action,
    );
    setBusy(false);
    const words = value > 0 ? `Added ${value.toLocaleString()} credits to` : `Took ${(-value).toLocaleString()} credits from`;
    if (onResult(result, `${words} ${user.username}.`)) {
      setAmount('');
      setReason('');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = Number(amount.trim());
    const errors: { amount?: string; reason?: string } = {};
    if (!/^-?\d{1,10}$/.test(amount.trim()) || value === 0)
      errors.amount = 'Enter a whole number other than 0; negative takes credits.';
    if (reason.trim().length < 3) errors.reason = 'Please give a reason.';
    setFieldErrors(errors);
    if (errors.amount || errors.reason) return;
    if (value > 0) {
      void send(value);
      return;
    }
    confirm({
      id: `take-credits-${user.id}`,
      header: `Take ${(-value).toLocaleString()} credits from ${user.username}?`,
      body: <p>Their balance is {user.credits.toLocaleString()} credits. The reason is kept in the audit log.</p>,
      label: 'Take credits',
      onConfirm: () => void send(value),
    });
  };

  return (
    <form className="form form-narrow admin-adjust-credits" noValidate onSubmit={submit} aria-labelledby="admin-adjust-heading">
      <h3 id="admin-adjust-heading">Adjust credits</h3>
      <TextField
        label="Credits to add (negative to take)"
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        error={fieldErrors.amount ? { message: fieldErrors.amount } : undefined}
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextField
        label="Reason"
        name="reason"
        autoComplete="off"
        hint="Kept in the audit log."
        value={reason}
        error={fieldErrors.reason ? { message: fieldErrors.reason } : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : 'Adjust credits'}
        </button>
      </div>
    </form>
  );
}

/** A button that runs its call at once. */
function ActionButton({
  label,
  run,
  onResult,
}: {
  label: string;
  run: () => Promise<ApiResult<unknown>>;
  onResult: (result: ApiResult<unknown>) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button"
      aria-disabled={busy || undefined}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        const result = await run();
        setBusy(false);
        onResult(result);
      }}
    >
      {label}
    </button>
  );
}
