import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiError } from '@shared/api/envelope.js';
import { ADMIN_ERRORS_ENDPOINTS, type ErrorGroupDetail } from '@shared/admin/errors.js';
import { api } from '../../api/api.js';
import { useApiData } from '../../api/useApiData.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { errorsOrFallback } from '../../forms/fieldErrors.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { formatDateTime } from '../../format/dates.js';
import { ADMIN_PATHS } from '../adminPaths.js';

/** /admin/errors/:fingerprint: one error group in full, with a button to mark it resolved. */
export function AdminErrorGroup({ fingerprint }: { fingerprint: string }) {
  const group = useApiData<ErrorGroupDetail>(ADMIN_ERRORS_ENDPOINTS.group(fingerprint));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const resolve = async () => {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    const result = await api.post<ErrorGroupDetail>(ADMIN_ERRORS_ENDPOINTS.resolve(fingerprint));
    setBusy(false);
    if (result.status >= 200 && result.status < 300) group.reload();
    else setErrors(errorsOrFallback(result.errors, result.status));
  };
  return (
    <section aria-labelledby="admin-error-group-heading">
      <p>
        <Link to={ADMIN_PATHS.errors}>All errors</Link>
      </p>
      {group.failure ? (
        <ErrorState failure={group.failure} onRetry={group.reload} />
      ) : !group.data ? (
        <LoadingState label="Loading the error…" />
      ) : (
        <>
          <h2 id="admin-error-group-heading" className="section-heading admin-error-message">
            {group.data.message}
          </h2>
          <dl className="admin-facts">
            <div>
              <dt>Source</dt>
              <dd>{group.data.type}</dd>
            </div>
            <div>
              <dt>Occurrences</dt>
              <dd>{group.data.count.toLocaleString()}</dd>
            </div>
            <div>
              <dt>First seen</dt>
              <dd>{formatDateTime(group.data.firstSeen)}</dd>
            </div>
            <div>
              <dt>Last seen</dt>
              <dd>{formatDateTime(group.data.lastSeen)}</dd>
            </div>
            <div>
              <dt>State</dt>
              <dd>{group.data.resolvedAt ? `Resolved ${formatDateTime(group.data.resolvedAt)}` : 'Open'}</dd>
            </div>
            <div>
              <dt>Browsers</dt>
              <dd>
                {Object.entries(group.data.browsers)
                  .sort((a, b) => b[1] - a[1])
                  .map(([browser, count]) => `${browser} (${count})`)
                  .join(', ')}
              </dd>
            </div>
          </dl>
          <h3>Where</h3>
          <ul className="admin-error-urls">
            {group.data.urls.map((url) => (
              <li key={url}>{url}</li>
            ))}
          </ul>
          <h3>Sample stack</h3>
          <pre className="admin-error-stack" tabIndex={0} aria-label="Sample stack trace">
            {group.data.sampleStack}
          </pre>
          <FormAlert errors={errors} />
          {!group.data.resolvedAt && (
            <div className="form-actions">
              <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void resolve()}>
                {busy ? 'Marking resolved…' : 'Mark resolved'}
              </button>
            </div>
          )}
          <p className="field-hint">A new occurrence after it is resolved opens it again.</p>
        </>
      )}
    </section>
  );
}
