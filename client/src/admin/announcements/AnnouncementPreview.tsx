import { useState } from 'react';
import { announcementShowsOn, type Announcement } from '@shared/announcements/announcements.js';
import { AnnouncementBar, AnnouncementModalBody } from '../../announcements/AnnouncementBar.js';
import { TextField } from '../../forms/TextField.js';
import { formatDateTime } from '../../format/dates.js';
import { SelectField } from '../fields/SelectField.js';
import { audienceLabel, pagesSummary } from './announcementLabels.js';

type Previewed = Pick<
  Announcement,
  'heading' | 'content' | 'footer' | 'link' | 'classContext' | 'type' | 'auth' | 'only' | 'except' | 'startsAt' | 'endsAt'
>;

type Viewer = 'members' | 'visitors';

const VIEWER_CHOICES = [
  { value: 'members', label: 'A logged-in member' },
  { value: 'visitors', label: 'A logged-out visitor' },
] as const;

const isMoment = (value: string | null): value is string => value !== null && !Number.isNaN(Date.parse(value));

/** Why the chosen viewer on the chosen page (empty: any page it shows on) would not see it; null: they would. */
export function hiddenReason(announcement: Previewed, viewer: Viewer, path: string): string | null {
  if (announcement.auth !== 'all' && announcement.auth !== viewer)
    return `It is for ${audienceLabel(announcement.auth).toLowerCase()} only.`;
  const page = path.trim();
  if (page !== '' && !announcementShowsOn(announcement, page)) return `It does not show on ${page}.`;
  return null;
}

/** When it shows, in words, or null when it has no schedule. */
function scheduleSummary({ startsAt, endsAt }: Previewed): string | null {
  const from = isMoment(startsAt) ? `from ${formatDateTime(startsAt)}` : '';
  const until = isMoment(endsAt) ? `until ${formatDateTime(endsAt)}` : '';
  return from || until ? `Shown ${[from, until].filter(Boolean).join(' ')}.` : null;
}

/**
 * How the announcement will look to the chosen viewer on the chosen page, redrawn as the form
 * changes; nothing in it is live.
 */
export function AnnouncementPreview({ announcement }: { announcement: Previewed }) {
  const [viewer, setViewer] = useState<Viewer>('members');
  const [path, setPath] = useState('');
  const hidden = hiddenReason(announcement, viewer, path);
  const schedule = scheduleSummary(announcement);
  const shown = {
    ...announcement,
    heading: announcement.heading.trim() || 'Your heading',
    content: announcement.content.trim() || 'What you want to tell people.',
  };
  return (
    <section className="announcement-preview" aria-labelledby="announcement-preview-heading">
      <h3 id="announcement-preview-heading" className="announcement-preview-title">
        Preview
      </h3>
      <div className="announcement-preview-as">
        <SelectField
          label="Preview as"
          name="previewViewer"
          value={viewer}
          choices={VIEWER_CHOICES}
          onValue={(value) => setViewer(value === 'visitors' ? 'visitors' : 'members')}
        />
        <TextField
          label="On the page (optional)"
          hint="A path such as /home; empty: a page it shows on."
          name="previewPath"
          autoComplete="off"
          spellCheck={false}
          value={path}
          onChange={(event) => setPath(event.target.value)}
        />
      </div>
      <div className="announcement-preview-stage" data-testid="announcement-preview">
        {hidden ? (
          <p className="muted" data-testid="announcement-preview-hidden">
            {viewer === 'members' ? 'A logged-in member' : 'A logged-out visitor'} on this page would not see it. {hidden}
          </p>
        ) : shown.type === 'modal' ? (
          <div className={`modal-dialog announcement-preview-modal announcement-modal announcement-${shown.classContext}`}>
            <div className="modal-header">
              <p className="modal-title">{shown.heading}</p>
              <span className="modal-close" aria-hidden="true">
                ×
              </span>
            </div>
            <div className="modal-body">
              <AnnouncementModalBody announcement={shown} preview />
            </div>
            <div className="modal-footer">
              <span className="button" aria-hidden="true">
                Close
              </span>
            </div>
          </div>
        ) : (
          <AnnouncementBar announcement={shown} />
        )}
      </div>
      <p className="muted announcement-preview-where">
        Shown to: {audienceLabel(shown.auth)}. Pages: {pagesSummary(shown)}.{schedule ? ` ${schedule}` : ''}
      </p>
    </section>
  );
}
