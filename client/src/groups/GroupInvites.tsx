import { useState, type FormEvent } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { groupApiPath, groupInviteSchema, groupJoinPath, type GroupInviteItem } from '@shared/groups/groups.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { formatDateTime } from '../format/dates.js';

/** A whole number typed in a field, null when left blank; NaN when it is not one (the shared schema words the refusal). */
function optionalWholeNumber(input: string): number | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The group's invite codes, for its owners and moderators: make one (expiry, uses), copy its link, revoke or rotate it. */
export function GroupInvites({ slug }: { slug: string }) {
  const listed = useApiData<GroupInviteItem[]>(groupApiPath(slug, '/invites'));
  const [invites, setInvites] = useState<GroupInviteItem[] | null>(null);
  const [hours, setHours] = useState('168');
  const [uses, setUses] = useState('');
  const [problem, setProblem] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const shown = invites ?? listed.data;

  const run = async <T,>(request: Promise<{ status: number; data: T | null; errors: ApiError[] }>, then: (data: T) => void) => {
    if (busy) return;
    setBusy(true);
    setProblem([]);
    const result = await request;
    setBusy(false);
    if (isSuccess(result.status) && result.data) then(result.data);
    else setProblem(errorsOrFallback(result.errors, result.status));
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    const parsed = groupInviteSchema.safeParse({
      expiresInHours: optionalWholeNumber(hours),
      maxUses: optionalWholeNumber(uses),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => ({ code: 'validation', heading: 'Check the code', message: issue.message })));
      return;
    }
    void run(api.request<GroupInviteItem>({ method: 'POST', path: groupApiPath(slug, '/invites'), json: parsed.data }), (item) =>
      setInvites([item, ...(shown ?? [])]),
    );
  };
  const revoke = (invite: GroupInviteItem) =>
    void run(api.request<GroupInviteItem[]>({ method: 'DELETE', path: groupApiPath(slug, `/invites/${invite.id}`) }), setInvites);
  const rotate = (invite: GroupInviteItem) =>
    void run(api.request<GroupInviteItem>({ method: 'POST', path: groupApiPath(slug, `/invites/${invite.id}/rotate`) }), (item) =>
      setInvites([item, ...(shown ?? []).filter((entry) => entry.id !== invite.id)]),
    );

  return (
    <section aria-labelledby="group-invites-heading" className="group-invites">
      <h2 id="group-invites-heading" className="section-heading">
        Invite codes
      </h2>
      <form className="form group-invite-form" onSubmit={create} noValidate>
        <div className="field">
          <label htmlFor="invite-hours">Expires after (hours, blank: never)</label>
          <input id="invite-hours" inputMode="numeric" value={hours} onChange={(event) => setHours(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-uses">Maximum uses (blank: any)</label>
          <input id="invite-uses" inputMode="numeric" value={uses} onChange={(event) => setUses(event.target.value)} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
            Create invite code
          </button>
        </div>
      </form>
      <FormAlert errors={problem} />
      {listed.failure && !invites ? (
        <ErrorState failure={listed.failure} onRetry={listed.reload} title="The invite codes could not be loaded" />
      ) : !shown ? (
        <LoadingState label="Loading the invite codes…" />
      ) : shown.length === 0 ? (
        <p className="muted">No invite code yet.</p>
      ) : (
        <ul className="group-invite-list">
          {shown.map((invite) => (
            <li key={invite.id} className="group-invite" data-testid="group-invite">
              <p>
                <code className="group-invite-code">{invite.code}</code>{' '}
                <span className="muted">
                  {invite.usable ? 'Usable' : 'Not usable'} · used {invite.uses}
                  {invite.maxUses !== null ? ` of ${invite.maxUses}` : ''} ·{' '}
                  {invite.expiresAt ? `expires ${formatDateTime(invite.expiresAt)}` : 'never expires'}
                </span>
              </p>
              <p className="group-invite-link">
                Link: <span>{`${window.location.origin}${groupJoinPath(invite.code)}`}</span>
              </p>
              <div className="group-member-actions">
                <button
                  type="button"
                  className="button button-small"
                  aria-disabled={busy || undefined}
                  onClick={() => rotate(invite)}
                >
                  Rotate
                </button>
                <button
                  type="button"
                  className="button button-small"
                  aria-disabled={busy || undefined}
                  onClick={() => revoke(invite)}
                >
                  Revoke
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
