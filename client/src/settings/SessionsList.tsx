import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionInfo } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import type { ApiError } from '@shared/api/envelope.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import type { ApiData } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { formatDateTime } from '../format/dates.js';
import { closeModalAtom, openModalAtom } from '../modals/modalsAtom.js';

/** Where this account is logged in; any other session can be ended after a confirmation. */
export function SessionsList({ sessions }: { sessions: ApiData<SessionInfo[]> }) {
  const openModal = useSetAtom(openModalAtom);
  const closeModal = useSetAtom(closeModalAtom);
  const [revoking, setRevoking] = useState<number | null>(null);
  const [errors, setErrors] = useState<ApiError[]>([]);

  const revoke = async (session: SessionInfo) => {
    setRevoking(session.id);
    setErrors([]);
    const result = await api.delete<null>(`${ACCOUNT_ENDPOINTS.sessions}/${session.id}`);
    setRevoking(null);
    if (!isSuccess(result.status)) setErrors(errorsOrFallback(result.errors, result.status));
    sessions.reload();
  };

  const confirmRevoke = (session: SessionInfo) => {
    const id = `revoke-session-${session.id}`;
    openModal({
      id,
      header: 'Log out this session?',
      body: (
        <p>
          The session on <strong>{session.device}</strong> (IP address {session.ip}) will be logged out at once. Whoever uses it
          will have to log in again.
        </p>
      ),
      footer: (
        <>
          <button type="button" className="button" onClick={() => closeModal({ id })}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              closeModal({ id });
              void revoke(session);
            }}
          >
            Log it out
          </button>
        </>
      ),
    });
  };

  if (sessions.failure) return <ErrorState failure={sessions.failure} onRetry={sessions.reload} />;
  if (!sessions.data) return <LoadingState label="Loading your sessions…" />;
  if (sessions.data.length === 0) return <EmptyState title="No active sessions." />;
  const ordered = [...sessions.data].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
  return (
    <>
      <FormAlert errors={errors} />
      <ul className="session-list" aria-busy={sessions.loading || undefined}>
        {ordered.map((session) => (
          <li key={session.id} className={`session-item ${session.current ? 'session-item-current' : ''}`}>
            <div className="session-head">
              <strong className="session-device">{session.device || 'Unknown device'}</strong>
              {session.current && <span className="badge">This device</span>}
            </div>
            <dl className="session-facts">
              <div>
                <dt>IP address</dt>
                <dd>{session.ip}</dd>
              </div>
              <div>
                <dt>Logged in</dt>
                <dd>{formatDateTime(session.createdAt)}</dd>
              </div>
              <div>
                <dt>Last seen</dt>
                <dd>{formatDateTime(session.lastSeenAt)}</dd>
              </div>
            </dl>
            {session.current ? (
              <Link to={PATHS.logout} className="button button-small">
                Log out
              </Link>
            ) : (
              <button
                type="button"
                className="button button-small"
                aria-disabled={revoking !== null || undefined}
                aria-label={`Revoke the session on ${session.device || 'an unknown device'}, last seen ${formatDateTime(session.lastSeenAt)}`}
                onClick={() => revoking === null && confirmRevoke(session)}
              >
                {revoking === session.id ? 'Revoking…' : 'Revoke'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
