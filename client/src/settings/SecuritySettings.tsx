import type { SessionInfo } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { useApiData } from '../api/useApiData.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { SessionsList } from './SessionsList.js';

export function SecuritySettings() {
  const sessions = useApiData<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions);
  return (
    <>
      <section aria-labelledby="settings-password-heading">
        <h2 id="settings-password-heading" className="section-heading">
          Change password
        </h2>
        <ChangePasswordForm onChanged={sessions.reload} />
      </section>
      <section aria-labelledby="settings-sessions-heading">
        <h2 id="settings-sessions-heading" className="section-heading">
          Where you are logged in
        </h2>
        <SessionsList sessions={sessions} />
      </section>
    </>
  );
}
