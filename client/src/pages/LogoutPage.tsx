import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { startApp } from '../boot/startApp.js';
import { usePageTitle } from './usePageTitle.js';

/**
 * Revokes this browser's sessions on the server, then reloads /data/start, which clears the
 * user, and goes to the landing page.
 */
export default function LogoutPage() {
  usePageTitle('Logging out');
  const navigate = useNavigate();
  const ranAttempt = useRef(-1);
  const [offline, setOffline] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (ranAttempt.current === attempt) return;
    ranAttempt.current = attempt;
    setOffline(false);
    void api.post<null>(ACCOUNT_ENDPOINTS.logout).then(async (result) => {
      if (result.status === 0) {
        setOffline(true);
        return;
      }
      await startApp();
      navigate(PATHS.landing, { replace: true });
    });
  }, [attempt, navigate]);

  return (
    <div className="page page-centered">
      <h1>{offline ? 'Could not log out' : 'Logging out…'}</h1>
      {offline ? (
        <>
          <p>We could not reach the server, so your session is still open. Please check your connection.</p>
          <button type="button" className="button button-primary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </>
      ) : (
        <div className="screen-loading" role="status">
          <div className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Logging out…</span>
        </div>
      )}
    </div>
  );
}
