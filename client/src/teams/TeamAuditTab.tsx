import { useEffect, useRef } from 'react';
import { teamApiPath, type TeamAuditItem, type TeamDetail } from '@shared/teams/teams.js';
import { useListPages } from '../api/useListPages.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { formatDateTime } from '../format/dates.js';
import { ShowMore } from '../people/ShowMore.js';
import { auditText } from './auditText.js';

/** Who did what in the team, and when, newest first; read again when the team changes. */
export function TeamAuditTab({ team, version }: { team: TeamDetail; version: number }) {
  const list = useListPages<TeamAuditItem>(teamApiPath(team.id, '/audit'));
  const readVersion = useRef(version);
  const { reload } = list;
  useEffect(() => {
    if (readVersion.current === version) return;
    readVersion.current = version;
    reload();
  }, [version, reload]);

  return (
    <section aria-labelledby="team-audit-heading">
      <h3 id="team-audit-heading" className="section-heading">
        Audit
      </h3>
      {list.items === null ? (
        list.failure ? (
          <ErrorState failure={list.failure} onRetry={list.reload} title="The audit could not be loaded" />
        ) : (
          <LoadingState label="Loading the audit…" />
        )
      ) : list.items.length === 0 ? (
        <EmptyState title="Nothing was done in this team yet." />
      ) : (
        <ol className="team-audit-list">
          {list.items.map((item) => (
            <li key={item.id} className="team-audit-item" data-testid="team-audit-item">
              <span className="team-audit-what">
                <strong>{item.actor ? `@${item.actor.username}` : 'A deleted account'}</strong> {auditText(item)}
              </span>
              <time dateTime={item.at} className="muted">
                {formatDateTime(item.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <ShowMore list={list} label="Show older" loadingLabel="Loading older actions…" />
    </section>
  );
}
