import { useAtomValue } from 'jotai';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PATHS } from '@shared/routing/routes.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { ProfileView } from '../profile/ProfileView.js';
import { userAtom } from '../sessions/userAtom.js';
import { usePageTitle } from './usePageTitle.js';

/** The member's own profile as others see it, with a way to edit it. */
export default function OwnProfilePage() {
  usePageTitle('Your profile');
  const user = useAtomValue(userAtom);
  const profile = useApiData<ProfileAnswer>(
    user ? `${ACCOUNT_ENDPOINTS.publicProfile}/${encodeURIComponent(user.username)}` : null,
  );
  if (profile.data && user) {
    // The menu's atom is updated at once after an edit; the loaded answer may be older.
    return (
      <ProfileView
        profile={{ ...profile.data, first_name: user.first_name, image: user.image, isOwn: true }}
        postsPath={PATHS.profile}
      />
    );
  }
  return (
    <div className="page">
      <h1>Your profile</h1>
      {profile.failure ? (
        <ErrorState failure={profile.failure} onRetry={profile.reload} />
      ) : (
        <LoadingState label="Loading your profile…" />
      )}
    </div>
  );
}
