import { useState } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { groupApiPath, type GroupAnswer, type GroupJoinAnswer } from '@shared/groups/groups.js';
import { api } from '../api/api.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';

/** Join (a public group), ask to join (a private one), withdraw the request, or leave. */
export function GroupJoinButtons({ group, onChanged }: { group: GroupAnswer; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError[]>([]);
  const status = group.viewer?.status ?? null;

  const send = async (action: 'join' | 'leave') => {
    if (busy) return;
    setBusy(true);
    setProblem([]);
    const result = await api.request<GroupJoinAnswer | null>({ method: 'POST', path: groupApiPath(group.slug, `/${action}`) });
    setBusy(false);
    if (isSuccess(result.status)) onChanged();
    else setProblem(errorsOrFallback(result.errors, result.status));
  };

  if (status === 'banned') return <p className="muted">You were banned from this group.</p>;
  return (
    <div className="group-join">
      {status === 'active' ? (
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void send('leave')}>
          Leave group
        </button>
      ) : status === 'requested' ? (
        <>
          <p role="status">Your request to join was sent. The group&apos;s owners and moderators will answer it.</p>
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void send('leave')}>
            Withdraw request
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button-primary"
          aria-disabled={busy || undefined}
          onClick={() => void send('join')}
        >
          {group.visibility === 'public' ? 'Join group' : 'Ask to join'}
        </button>
      )}
      <FormAlert errors={problem} />
    </div>
  );
}
