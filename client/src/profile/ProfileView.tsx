import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { memberProfilePath, PROFILE_TABS, type ProfileTab } from '@shared/people/people.js';
import { PATHS } from '@shared/routing/routes.js';
import { formatDate } from '../format/dates.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { FollowButton } from '../people/FollowButton.js';
import { userAtom } from '../sessions/userAtom.js';
import { TabLinks } from '../tabs/TabLinks.js';
import { recordFeedActivity } from '../tracking/recordFeedActivity.js';
import { ProfileFollowList } from './ProfileFollowList.js';
import { ProfileGroupsTab } from './ProfileGroupsTab.js';
import { UnblockButton } from './UnblockButton.js';
import { EmptyState } from '../feedback/EmptyState.js';
import './profile.css';
import '../people/people.css';
import { Feed } from '../feed/Feed.js';

const TAB_LABELS: Record<ProfileTab, string> = {
  posts: 'Posts',
  groups: 'Groups',
  followers: 'Followers',
  following: 'Following',
};

const isProfileTab = (tab: string | undefined): tab is ProfileTab => (PROFILE_TABS as readonly string[]).includes(tab ?? '');

interface ProfileViewProps {
  profile: ProfileAnswer;
  /** The tab in the address; none shows the posts. */
  tab?: string;
  /** Where the Posts tab points when it is not the member's public address (/profile for the own one). */
  postsPath?: string;
}

/** A member's profile: picture, names, join date, follower counts, follow button, and its tabs. A visit by anyone but its owner is a profile view. */
export function ProfileView({ profile, tab, postsPath }: ProfileViewProps) {
  const signedIn = useAtomValue(userAtom) !== null;
  const { id, isOwn } = profile;
  useEffect(() => {
    if (!isOwn) recordFeedActivity('profile_view', null, { profile: id }, 'profile');
  }, [id, isOwn]);
  const [followerCount, setFollowerCount] = useState(profile.followerCount);
  const [blocked, setBlocked] = useState(profile.viewerBlocked);
  const current: ProfileTab | null = tab === undefined ? 'posts' : isProfileTab(tab) ? tab : null;
  const tabs = PROFILE_TABS.map((entry) => ({
    to: entry === 'posts' ? (postsPath ?? memberProfilePath(profile.username)) : memberProfilePath(profile.username, entry),
    label: TAB_LABELS[entry],
  }));
  return (
    <div className="page">
      <div className="profile-card">
        <img src={mediaUrl(profile.image)} alt="" width={112} height={112} className="avatar profile-card-avatar" />
        <div className="profile-card-names">
          <h1>{profile.first_name}</h1>
          <p className="muted">@{profile.username}</p>
          <p>Joined {formatDate(profile.joinedAt)}</p>
          <ul className="profile-counts" aria-label="Followers and following">
            <li>
              <Link to={memberProfilePath(profile.username, 'followers')}>
                <strong>{followerCount}</strong> {followerCount === 1 ? 'follower' : 'followers'}
              </Link>
            </li>
            <li>
              <Link to={memberProfilePath(profile.username, 'following')}>
                <strong>{profile.followingCount}</strong> following
              </Link>
            </li>
          </ul>
        </div>
        {profile.isOwn ? (
          <Link className="button" to={PATHS.settingsProfile}>
            Edit profile
          </Link>
        ) : blocked ? (
          <UnblockButton member={profile} onUnblocked={() => setBlocked(false)} />
        ) : (
          signedIn && (
            <FollowButton
              key={profile.id}
              member={profile}
              following={profile.viewerFollows}
              onChange={(state) => setFollowerCount(state.followers)}
            />
          )
        )}
      </div>
      <TabLinks label="Profile sections" tabs={tabs} />
      <section aria-label={current ? TAB_LABELS[current] : 'Profile section'} className="profile-section">
        {current === 'posts' && (
          <>
            <h2 className="section-heading">Posts</h2>
            {blocked ? (
              <EmptyState title={`You blocked ${profile.first_name}`}>
                <p>Neither of you sees the other’s posts, comments or feels. Unblock them to see their posts again.</p>
              </EmptyState>
            ) : (
              <Feed source={{ kind: 'user', username: profile.username }} label={`Posts by @${profile.username}`} />
            )}
          </>
        )}
        {current === 'groups' && <ProfileGroupsTab username={profile.username} />}
        {(current === 'followers' || current === 'following') && (
          <ProfileFollowList key={current} username={profile.username} list={current} />
        )}
        {current === null && <p className="muted">This profile has no such section.</p>}
      </section>
    </div>
  );
}
