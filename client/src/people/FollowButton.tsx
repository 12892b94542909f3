import { PEOPLE_ENDPOINTS, type FollowState } from '@shared/people/people.js';
import { useServerToggle } from '../api/useServerToggle.js';

interface FollowButtonProps {
  member: { id: number; username: string };
  following: boolean;
  /** Told the new state after a follow or an unfollow went through. */
  onChange?: (state: FollowState) => void;
}

/** Follow or unfollow a member; says why when the server refuses (blocked, too many at once). */
export function FollowButton({ member, following: initiallyFollowing, onChange }: FollowButtonProps) {
  const {
    on: following,
    busy,
    problem,
    toggle,
  } = useServerToggle(
    `${PEOPLE_ENDPOINTS.members}/${member.id}/follow`,
    initiallyFollowing,
    (answer: FollowState) => answer.following,
    onChange,
  );

  return (
    <span className="follow-control">
      <button
        type="button"
        className={following ? 'button button-small' : 'button button-small button-primary'}
        aria-disabled={busy || undefined}
        onClick={toggle}
      >
        {following ? 'Unfollow' : 'Follow'}
        <span className="visually-hidden"> @{member.username}</span>
      </button>
      {problem && (
        <span role="alert" className="follow-problem">
          {problem}
        </span>
      )}
    </span>
  );
}
