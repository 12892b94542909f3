import { useAtomValue } from 'jotai';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PATHS } from '@shared/routing/routes.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { GroupProfile } from '../groups/GroupProfile.js';
import { ProfileView } from '../profile/ProfileView.js';
import { userAtom } from '../session/userAtom.js';
import { usePageTitle } from './usePageTitle.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { RESERVED_SOCIAL_CODES } from '@shared/feed/feed-source.js';
import { hasErrorCode } from '../api/errorCodes.js';

/** Anyone's public profile, visitors included: a member's, or a group's at /profile/g/<slug>. */
export default function PublicProfilePage() {
  const { obj, tab } = useParams();
  if (obj === GROUP_PROFILE_CODE && tab) return <GroupProfile slug={tab} />;
  return <MemberProfile />;
}

/** The kind code of a group in /profile/:obj (the reserved social codes: 'u' a member, 'g' a group). */
const GROUP_PROFILE_CODE: (typeof RESERVED_SOCIAL_CODES)[number] = 'g';

function MemberProfile() {
  const { obj, tab } = useParams();
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
  return <ProfileView profile={profile.data} tab={tab} />;
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
