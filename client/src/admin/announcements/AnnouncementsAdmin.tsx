import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ANNOUNCEMENT_ENDPOINTS, type AdminAnnouncement } from '@shared/announcements/announcements.js';
import { useApiData } from '../../api/useApiData.js';
import { EmptyState } from '../../feedback/EmptyState.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { formatDateTime } from '../../format/dates.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { EndAnnouncementButton } from './EndAnnouncementButton.js';
import { audienceLabel, classLabel, pagesSummary, typeLabel } from './announcementLabels.js';

/** Every announcement, active ones first, with how many members dismissed each; create, edit and end. */
export function AnnouncementsAdmin() {
  const list = useApiData<AdminAnnouncement[]>(ANNOUNCEMENT_ENDPOINTS.admin);
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The notice came with the navigation from the form: say it once, not again after a reload.
  useEffect(() => {
    if ((location.state as { notice?: string } | null)?.notice) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  // Focus follows the notice (the button that led here is gone); after the shell has moved focus to the new page.
  useEffect(() => {
    if (!notice) return;
    const frame = requestAnimationFrame(() => noticeRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [notice]);

  const ended = (announcement: AdminAnnouncement) => {
    setNotice(`Ended: “${announcement.heading}”.`);
    list.reload();
  };

  return (
    <section aria-labelledby="admin-announcements-heading">
      <div className="admin-section-head">
        <h2 id="admin-announcements-heading" className="section-heading">
          Announcements
        </h2>
        <Link to={ADMIN_PATHS.newAnnouncement} className="button button-primary">
          New announcement
        </Link>
      </div>
      <div ref={noticeRef} tabIndex={-1} className={notice ? 'status-message admin-notice' : undefined} role="status">
        {notice && <p>{notice}</p>}
      </div>
      {list.failure ? (
        <ErrorState failure={list.failure} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label="Loading the announcements…" />
      ) : list.data.length === 0 ? (
        <EmptyState title="No announcements yet.">
          <p>An announcement shows as an alert bar or a modal to everyone, to members or to visitors, on the pages you choose.</p>
        </EmptyState>
      ) : (
        <ul className="admin-announcements" data-testid="admin-announcements">
          {list.data.map((announcement) => (
            <AnnouncementRow key={announcement.id} announcement={announcement} onEnded={() => ended(announcement)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AnnouncementRow({ announcement, onEnded }: { announcement: AdminAnnouncement; onEnded: () => void }) {
  const active = announcement.endedAt === null;
  const facts = [
    { label: 'Shows as', value: `${typeLabel(announcement.type)}, ${classLabel(announcement.classContext).toLowerCase()}` },
    { label: 'Audience', value: audienceLabel(announcement.auth) },
    { label: 'Pages', value: pagesSummary(announcement) },
    {
      label: 'Dismissed by',
      value: `${announcement.dismissals.toLocaleString()} ${announcement.dismissals === 1 ? 'member' : 'members'}`,
    },
    { label: 'Published', value: formatDateTime(announcement.createdAt) },
    ...(announcement.startsAt ? [{ label: 'Shown from', value: formatDateTime(announcement.startsAt) }] : []),
    ...(announcement.endsAt ? [{ label: 'Shown until', value: formatDateTime(announcement.endsAt) }] : []),
    ...(announcement.endedAt ? [{ label: 'Ended', value: formatDateTime(announcement.endedAt) }] : []),
  ];
  return (
    <li className={`admin-announcement${active ? '' : ' admin-announcement-ended'}`} data-testid="admin-announcement">
      <div className="admin-announcement-head">
        <h3 className="admin-announcement-heading">{announcement.heading}</h3>
        <span className={`admin-state ${active ? 'admin-state-active' : 'admin-state-ended'}`}>
          {active ? 'Active' : 'Ended'}
        </span>
      </div>
      <p className="admin-announcement-content">{announcement.content}</p>
      <dl className="admin-facts">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {active && (
        <div className="form-actions">
          <Link
            to={ADMIN_PATHS.announcement(announcement.id)}
            className="button button-small"
            aria-label={`Edit: ${announcement.heading}`}
          >
            Edit
          </Link>
          <EndAnnouncementButton announcement={announcement} onEnded={onEnded} />
        </div>
      )}
    </li>
  );
}
