import { useState } from 'react';
import { PEOPLE_ENDPOINTS, type FollowState } from '@shared/people/people.js';
import { api } from '../api/api.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';

interface FollowButtonProps {
  member: { id: number; username: string };
  following: boolean;
  /** Told the new state after a follow or an unfollow went through. */
  onChange?: (state: FollowState) => void;
}

/** Follow or unfollow a member; says why when the server refuses (blocked, too many at once). */
export function FollowButton({ member, following: initiallyFollowing, onChange }: FollowButtonProps) {
  const [following, setFollowing] = useState(initiallyFollowing);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const path = `${PEOPLE_ENDPOINTS.members}/${member.id}/follow`;
    const result = following ? await api.delete<FollowState>(path) : await api.put<FollowState>(path);
    setBusy(false);
    if (!result.data) {
      setProblem(errorsOrFallback(result.errors, result.status)[0].message);
      return;
    }
    setFollowing(result.data.following);
    onChange?.(result.data);
  }

  return (
    <span className="follow-control">
      <button
        type="button"
        className={following ? 'button button-small' : 'button button-small button-primary'}
        aria-disabled={busy || undefined}
        onClick={() => void toggle()}
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
