import { Link } from 'react-router-dom';
import type { AdminAnnouncement } from '@shared/announcements/announcements.js';
import { ANNOUNCEMENT_ENDPOINTS } from '@shared/announcements/announcements.js';
import { useApiData } from '../../api/useApiData.js';
import { EmptyState } from '../../feedback/EmptyState.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { AnnouncementForm } from './AnnouncementForm.js';
import { announcementToFormValues } from './announcementFormValues.js';

/** /admin/announcements/new, or /admin/announcements/:id for an active one. */
export function AnnouncementEditor({ id }: { id: number | null }) {
  const list = useApiData<AdminAnnouncement[]>(id === null ? null : ANNOUNCEMENT_ENDPOINTS.admin);
  const heading = id === null ? 'New announcement' : 'Edit announcement';
  const found = list.data?.find((announcement) => announcement.id === id);

  let body;
  if (id === null) body = <AnnouncementForm editing={null} />;
  else if (list.failure) body = <ErrorState failure={list.failure} onRetry={list.reload} />;
  else if (!list.data) body = <LoadingState label="Loading the announcement…" />;
  else if (!found || found.endedAt !== null)
    body = (
      <EmptyState title={found ? 'This announcement has ended and can no longer be changed.' : 'There is no such announcement.'}>
        <Link to={ADMIN_PATHS.announcements}>Back to the announcements</Link>
      </EmptyState>
    );
  else body = <AnnouncementForm key={found.id} editing={found.id} initialValues={announcementToFormValues(found)} />;

  return (
    <section aria-labelledby="announcement-editor-heading">
      <p className="admin-back">
        <Link to={ADMIN_PATHS.announcements}>← All announcements</Link>
      </p>
      <h2 id="announcement-editor-heading" className="section-heading">
        {heading}
      </h2>
      {body}
    </section>
  );
}
