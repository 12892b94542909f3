import type { Announcement } from '@shared/announcements/announcements.js';
import { AnnouncementBar, AnnouncementModalBody } from '../../announcements/AnnouncementBar.js';
import { audienceLabel, pagesSummary } from './announcementLabels.js';

type Previewed = Pick<
  Announcement,
  'heading' | 'content' | 'footer' | 'link' | 'classContext' | 'type' | 'auth' | 'only' | 'except'
>;

/** How the announcement will look, redrawn as the form changes; nothing in it is live. */
export function AnnouncementPreview({ announcement }: { announcement: Previewed }) {
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
      <div className="announcement-preview-stage" data-testid="announcement-preview">
        {shown.type === 'modal' ? (
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
        Shown to: {audienceLabel(shown.auth)}. Pages: {pagesSummary(shown)}.
      </p>
    </section>
  );
}
