import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ApiError } from '@shared/api/envelope.js';
import { GROUP_ENDPOINTS, groupPath, type GroupJoinAnswer, type InvitePreview } from '@shared/groups/groups.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../groups/groups.css';

/** /groups/:code/join: the group an invite code joins, and a button to join it. */
export default function GroupJoinPage() {
  usePageTitle('Join a group');
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const preview = useApiData<InvitePreview>(`${GROUP_ENDPOINTS.invite}/${encodeURIComponent(code)}`);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError[]>([]);

  const join = async () => {
    if (busy) return;
    setBusy(true);
    setProblem([]);
    const result = await api.request<GroupJoinAnswer>({
      method: 'POST',
      path: `${GROUP_ENDPOINTS.invite}/${encodeURIComponent(code)}/join`,
    });
    setBusy(false);
    if (isSuccess(result.status) && result.data) navigate(groupPath(result.data.group.slug));
    else setProblem(errorsOrFallback(result.errors, result.status));
  };

  return (
    <div className="page group-join-page">
      <h1>Join a group</h1>
      {preview.failure ? (
        <>
          <ErrorState failure={preview.failure} title="This invite cannot be used" />
          <Link to={PATHS.groups}>See groups</Link>
        </>
      ) : !preview.data ? (
        <LoadingState label="Checking the invite…" />
      ) : (
        <div className="group-header">
          <img
            src={mediaUrl(preview.data.group.image)}
            alt=""
            width={96}
            height={96}
            className="group-picture group-header-picture"
          />
          <div className="group-header-text">
            <h2>{preview.data.group.name}</h2>
            <p className="muted">
              {preview.data.group.visibility === 'private' ? 'Private group' : 'Public group'} · {preview.data.group.members}{' '}
              member
              {preview.data.group.members === 1 ? '' : 's'}
            </p>
            {preview.data.group.description && <p className="group-description">{preview.data.group.description}</p>}
          </div>
          <div className="group-header-actions">
            {preview.data.group.viewer?.status === 'active' ? (
              <Link className="button button-primary" to={groupPath(preview.data.group.slug)}>
                You are a member: open the group
              </Link>
            ) : (
              <button
                type="button"
                className="button button-primary"
                aria-disabled={busy || undefined}
                onClick={() => void join()}
              >
                {busy ? 'Joining…' : 'Join group'}
              </button>
            )}
          </div>
        </div>
      )}
      <FormAlert errors={problem} />
    </div>
  );
}
