import { useState } from 'react';
import { feedApi } from '../feed/feedApi.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';

interface UnblockButtonProps {
  member: { id: number; username: string };
  /** Told once the block is lifted. */
  onUnblocked: () => void;
}

/** Lifts the viewer's block of a member; says why when the server refuses. */
export function UnblockButton({ member, onUnblocked }: UnblockButtonProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unblock = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const result = await feedApi.unblock(member.id);
    setBusy(false);
    if (isSuccess(result.status)) onUnblocked();
    else setProblem(errorsOrFallback(result.errors, result.status)[0]?.message ?? 'Please try again.');
  };
  return (
    <span className="follow-control">
      <button type="button" className="button button-small" aria-disabled={busy || undefined} onClick={() => void unblock()}>
        Unblock<span className="visually-hidden"> @{member.username}</span>
      </button>
      {problem && (
        <span role="alert" className="follow-problem">
          {problem}
        </span>
      )}
    </span>
  );
}
