import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
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
import './posts.css';

const PROFILE_POPUP_ID = 'profile-popup';

/** Opens the poster's profile popup (the surf bar / post viewer has one). */
export function useOpenProfilePopup(): (author: PostAuthor) => void {
  const open = useSetAtom(openModalAtom);
  return useCallback(
    (author) => {
      open({
        id: PROFILE_POPUP_ID,
        header: author.first_name,
        className: 'profile-popup',
        body: <ProfilePopup username={author.username} />,
      });
    },
    [open],
  );
}

function ProfilePopup({ username }: { username: string }) {
  const profile = useApiData<ProfileAnswer>(`${ACCOUNT_ENDPOINTS.publicProfile}/${encodeURIComponent(username)}`);
  const close = useSetAtom(closeModalAtom);
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

/** The poster's picture and name; pressing it opens the profile popup. */
export function PostAuthorButton({ author, size = 40 }: { author: PostAuthor; size?: number }) {
  const openProfile = useOpenProfilePopup();
  return (
    <button type="button" className="post-author" onClick={() => openProfile(author)} aria-haspopup="dialog">
      <img src={mediaUrl(author.image)} alt="" width={size} height={size} className="avatar" />
      <span className="post-author-name">
        {author.first_name}
        <span className="visually-hidden">, show profile</span>
      </span>
    </button>
  );
}
