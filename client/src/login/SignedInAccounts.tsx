import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SignedInAccount } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PATHS } from '@shared/routing/routes.js';
import type { ApiError } from '@shared/api/envelope.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { startApp } from '../boot/startApp.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { mediaUrl } from '../media/mediaUrl.js';
import './login.css';

/** The accounts signed in in this browser; any other one is a button press away, no password. */
export function SignedInAccounts() {
  const accounts = useApiData<SignedInAccount[]>(ACCOUNT_ENDPOINTS.accounts);
  const navigate = useNavigate();
  const [switchingTo, setSwitchingTo] = useState<number | null>(null);
  const [errors, setErrors] = useState<ApiError[]>([]);

  const switchTo = async (account: SignedInAccount) => {
    if (switchingTo !== null) return;
    setSwitchingTo(account.id);
    setErrors([]);
    const result = await api.post<null>(ACCOUNT_ENDPOINTS.switchAccount, { userId: account.id });
    if (isSuccess(result.status)) {
      await startApp();
      navigate(PATHS.home, { replace: true });
      return;
    }
    setSwitchingTo(null);
    setErrors(errorsOrFallback(result.errors, result.status));
    accounts.reload();
  };

  if (accounts.failure) return <ErrorState failure={accounts.failure} onRetry={accounts.reload} />;
  if (!accounts.data) return <LoadingState label="Loading your accounts…" />;
  if (accounts.data.length === 0) return <EmptyState title="No account is signed in in this browser." />;
  return (
    <>
      <FormAlert errors={errors} />
      <ul className="account-list">
        {accounts.data.map((account) => (
          <li key={account.id} className="account-item" aria-current={account.active ? 'true' : undefined}>
            <img src={mediaUrl(account.image)} alt="" width={40} height={40} className="avatar" />
            <span className="account-names">
              <strong>{account.first_name}</strong>
              <span className="muted">@{account.username}</span>
            </span>
            {account.active ? (
              <span className="badge">Active</span>
            ) : (
              <button
                type="button"
                className="button button-small"
                aria-disabled={switchingTo !== null || undefined}
                aria-label={`Switch to ${account.username}`}
                onClick={() => void switchTo(account)}
              >
                {switchingTo === account.id ? 'Switching…' : 'Switch'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
