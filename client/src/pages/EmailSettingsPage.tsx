import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import type { EmailPreferencesAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { loginRedirectPath } from '@shared/api/paths.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { userAtom } from '../sessions/userAtom.js';
import { EmailPreferencesForm } from '../settings/EmailPreferencesForm.js';
import { emailSettingsAccess } from '../settings/emailSettingsQuery.js';
import { SettingsNav } from '../settings/SettingsNav.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../settings/settings.css';

/** How the server answers a signed link that is wrong, too old or of a deleted account. */
const LINK_REFUSALS = [400, 401, 403, 404];

/** Public: the signed link at the bottom of every mail opens it without logging in. */
export default function EmailSettingsPage() {
  usePageTitle('Email settings');
  const user = useAtomValue(userAtom);
  const location = useLocation();
  const access = emailSettingsAccess(location.search, user !== null);
  const path =
    access.kind === 'link'
      ? `${ACCOUNT_ENDPOINTS.emailSettings}?${access.query}`
      : access.kind === 'session'
        ? ACCOUNT_ENDPOINTS.emailSettings
        : null;
  const preferences = useApiData<EmailPreferencesAnswer>(path);
  const linkRefused =
    access.kind === 'invalidLink' || (access.kind === 'link' && LINK_REFUSALS.includes(preferences.failure?.status ?? 0));

  return (
    <div className="page settings">
      <h1>{user ? 'Settings' : 'Email settings'}</h1>
      {user && <SettingsNav />}
      {user && (
        <h2 className="section-heading" id="email-settings-heading">
          Email settings
        </h2>
      )}
      {linkRefused ? (
        <div className="error-state" role="alert">
          <p className="error-state-title">This link is not valid</p>
          <p>
            The link may be cut short or too old. Open the link at the bottom of a recent mail from us, or{' '}
            {user ? (
              <Link to={location.pathname}>change the settings of the account you are logged in to</Link>
            ) : (
              <Link to={loginRedirectPath(location.pathname, '')}>log in</Link>
            )}
            .
          </p>
        </div>
      ) : access.kind === 'none' ? (
        <p>
          To choose which mails you get, open the link at the bottom of any mail from us, or{' '}
          <Link to={loginRedirectPath(location.pathname, '')}>log in</Link>.
        </p>
      ) : preferences.failure ? (
        <ErrorState failure={preferences.failure} onRetry={preferences.reload} />
      ) : preferences.data ? (
        <EmailPreferencesForm key={path} answer={preferences.data} query={access.kind === 'link' ? access.query : ''} />
      ) : (
        <LoadingState label="Loading your mail preferences…" />
      )}
    </div>
  );
}
