import { PEOPLE_ENDPOINTS, type MemberCard } from '@shared/people/people.js';
import { useListPages } from '../api/useListPages.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { MemberList } from '../people/MemberList.js';
import { ShowMore } from '../people/ShowMore.js';

const WORDING = {
  followers: { heading: 'Followers', empty: (name: string) => `Nobody follows @${name} yet.` },
  following: { heading: 'Following', empty: (name: string) => `@${name} does not follow anyone yet.` },
} as const;

/** Who follows the member, or whom they follow, newest first, with "Show more". */
export function ProfileFollowList({ username, list }: { username: string; list: 'followers' | 'following' }) {
  const members = useListPages<MemberCard>(`${PEOPLE_ENDPOINTS.profile}/${encodeURIComponent(username)}/${list}`);
  const wording = WORDING[list];
  return (
    <>
      <h2 className="section-heading">{wording.heading}</h2>
      {members.items === null ? (
        members.failure ? (
          <ErrorState failure={members.failure} onRetry={members.reload} />
        ) : (
          <LoadingState label={`Loading ${wording.heading.toLowerCase()}…`} />
        )
      ) : members.items.length === 0 ? (
        <EmptyState title={wording.empty(username)} />
      ) : (
        <>
          <MemberList members={members.items} label={wording.heading} />
          <ShowMore list={members} label="Show more" loadingLabel="Loading more…" />
        </>
      )}
    </>
  );
}
