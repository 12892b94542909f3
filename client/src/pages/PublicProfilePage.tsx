import { useAtomValue } from 'jotai';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { memberProfilePath } from '@shared/people/people.js';
import { PATHS } from '@shared/routing/routes.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { GroupProfile } from '../groups/GroupProfile.js';
import { ProfileView } from '../profile/ProfileView.js';
import { userAtom } from '../sessions/userAtom.js';
import { usePageTitle } from './usePageTitle.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { hasErrorCode } from '../api/errorCodes.js';

/**
 * /profile/:obj?/:tab?: `obj` is a member's username, or a reserved code naming the kind of
 * object: /profile/u/<username> is the member's address in long form, /profile/g/<slug> a group's page.
 */
export default function PublicProfilePage() {
  const { obj, tab } = useParams();
  if (obj === 'u' && tab) return <Navigate replace to={memberProfilePath(tab)} />;
  if (obj === 'g' && tab) return <GroupProfile slug={tab} />;
  if (obj && tab === 'posts') return <Navigate replace to={memberProfilePath(obj)} />;
  return <MemberProfile username={obj} tab={tab} />;
}

/** Anyone's public profile, visitors included. */
function MemberProfile({ username: obj, tab }: { username: string | undefined; tab: string | undefined }) {
  const user = useAtomValue(userAtom);
  const profile = useApiData<ProfileAnswer>(obj ? `${ACCOUNT_ENDPOINTS.publicProfile}/${encodeURIComponent(obj)}` : null);
  const notFound = !obj || hasErrorCode(profile.failure?.errors, ErrorCode.NotFound);
  usePageTitle(notFound ? 'No such member' : profile.data ? `${profile.data.first_name} (@${profile.data.username})` : 'Profile');

  if (!obj && user) return <Navigate replace to={PATHS.profile} />;
  if (notFound) return <NoSuchMember />;
  if (profile.failure) {
    return (
      <div className="page">
        <h1>Profile</h1>
        <ErrorState failure={profile.failure} onRetry={profile.reload} />
      </div>
    );
  }
  if (!profile.data) {
    return (
      <div className="page">
        <h1>Profile</h1>
        <LoadingState label="Loading the profile…" />
      </div>
    );
  }
  return <ProfileView key={profile.data.id} profile={profile.data} tab={tab} />;
}

function NoSuchMember() {
  return (
    <div className="page page-centered">
      <h1>No such member</h1>
      <p>There is no member with this username. The account may have been renamed or closed.</p>
      <Link className="button button-primary" to={PATHS.landing}>
        Go to the home page
      </Link>
    </div>
  );
}
