import { Link } from 'react-router-dom';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { PATHS } from '@shared/routing/routes.js';
import { formatDate } from '../format/dates.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { memberProfilePath } from '@shared/people/people.js';
import { TabLinks } from '../tabs/TabLinks.js';
import './profile.css';

const PROFILE_TABS = [
  { tab: undefined, label: 'About' },
  { tab: 'posts', label: 'Posts' },
  { tab: 'groups', label: 'Groups' },
] as const;

/** A member's public profile: picture, names, joined date, and tabs that later features fill. */
export function ProfileView({ profile, tab, aboutPath }: { profile: ProfileAnswer; tab?: string; aboutPath?: string }) {
  const tabs = PROFILE_TABS.map((entry) => ({
    to: entry.tab === undefined && aboutPath ? aboutPath : memberProfilePath(profile.username, entry.tab),
    label: entry.label,
  }));
  const current = PROFILE_TABS.find((entry) => entry.tab === tab);
  return (
    <div className="page">
      <div className="profile-card">
        <img src={mediaUrl(profile.image)} alt="" width={112} height={112} className="avatar profile-card-avatar" />
        <div className="profile-card-names">
          <h1>{profile.first_name}</h1>
          <p className="muted">@{profile.username}</p>
          <p>Joined {formatDate(profile.joinedAt)}</p>
        </div>
        {profile.isOwn && (
          <Link className="button" to={PATHS.settingsProfile}>
            Edit profile
          </Link>
        )}
      </div>
      <TabLinks label="Profile sections" tabs={tabs} />
      <section aria-label={current?.label ?? 'Profile section'}>
        {tab === undefined ? (
          <p>
            {profile.first_name} has been a member since {formatDate(profile.joinedAt)}.
          </p>
        ) : (
          <p className="muted">This part of the profile is coming soon.</p>
        )}
      </section>
    </div>
  );
}
