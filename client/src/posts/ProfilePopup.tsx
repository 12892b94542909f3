import { useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { TrackingPlace } from '@shared/tracking/tracking-constants.js';
import { Link } from 'react-router-dom';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import type { PostAuthor } from '@shared/campaigns/campaigns.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { formatDate } from '../format/dates.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { closeModalAtom, openModalAtom } from '../modals/modalsAtom.js';
import { memberProfilePath } from '@shared/people/people.js';
import { recordFeedActivity } from '../tracking/recordFeedActivity.js';
import { useTrackingPlace } from '../tracking/trackingPlace.js';
import './posts.css';

const PROFILE_POPUP_ID = 'profile-popup';

/**
 * Opens the poster's profile popup (the surf bar / post viewer has one). The popup renders in the
 * modal host, outside the screen, so it is told the screen and the post it was opened from.
 */
export function useOpenProfilePopup(): (author: PostAuthor, fromPid: number | null) => void {
  const open = useSetAtom(openModalAtom);
  const place = useTrackingPlace();
  return useCallback(
    (author, fromPid) => {
      open({
        id: PROFILE_POPUP_ID,
        header: author.first_name,
        className: 'profile-popup',
        body: <ProfilePopup username={author.username} fromPid={fromPid} place={place} />,
      });
    },
    [open, place],
  );
}

function ProfilePopup({ username, fromPid, place }: { username: string; fromPid: number | null; place: TrackingPlace }) {
  const profile = useApiData<ProfileAnswer>(`${ACCOUNT_ENDPOINTS.publicProfile}/${encodeURIComponent(username)}`);
  const close = useSetAtom(closeModalAtom);
  const profileId = profile.data?.id;
  useEffect(() => {
    if (profileId !== undefined) recordFeedActivity('profile_view', fromPid, { profile: profileId }, place);
  }, [profileId, fromPid, place]);
  if (profile.failure) {
    return <ErrorState failure={profile.failure} onRetry={profile.reload} title="This profile could not be loaded" />;
  }
  if (!profile.data) return <LoadingState label="Loading the profile…" />;
  const { data } = profile;
  return (
    <div className="profile-popup-body">
      <img src={mediaUrl(data.image)} alt="" width={96} height={96} className="avatar profile-popup-avatar" />
      <div className="profile-popup-names">
        <p className="profile-popup-name">{data.first_name}</p>
        <p className="muted">@{data.username}</p>
        <p>Joined {formatDate(data.joinedAt)}</p>
        <Link to={memberProfilePath(data.username)} onClick={() => close({ id: PROFILE_POPUP_ID })}>
          View full profile
        </Link>
      </div>
    </div>
  );
}

/** The poster's picture and name; pressing it opens the profile popup (a profile view from post `fromPid`). */
export function PostAuthorButton({ author, fromPid, size = 40 }: { author: PostAuthor; fromPid: number | null; size?: number }) {
  const openProfile = useOpenProfilePopup();
  return (
    <button type="button" className="post-author" onClick={() => openProfile(author, fromPid)} aria-haspopup="dialog">
      <img src={mediaUrl(author.image)} alt="" width={size} height={size} className="avatar" />
      <span className="post-author-name">
        {author.first_name}
        <span className="visually-hidden">, show profile</span>
      </span>
    </button>
  );
}
