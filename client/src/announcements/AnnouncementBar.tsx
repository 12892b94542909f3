import type { Announcement } from '@shared/announcements/announcements.js';
import { FoldToggle } from '../layout/FoldToggle.js';
import { useFoldedOnPhone } from '../layout/useFoldedOnPhone.js';

type Shown = Pick<Announcement, 'heading' | 'content' | 'footer' | 'link' | 'classContext'>;

/**
 * An announcement as an alert bar. Without `onDismiss` it is a preview (admin screen): no live
 * region, no dismiss control, and its link is not followed so an unsaved form is not lost. A live
 * bar on a phone shows one line until its toggle opens it, so the page keeps the screen.
 */
export function AnnouncementBar({ announcement, onDismiss }: { announcement: Shown; onDismiss?: () => void }) {
  const foldable = Boolean(onDismiss);
  const fold = useFoldedOnPhone<HTMLDivElement>(foldable);
  return (
    <div
      className={`announcement-bar announcement-${announcement.classContext} ${foldable && !fold.expanded ? 'foldable-on-phone' : ''}`}
      role={onDismiss ? 'status' : undefined}
    >
      <div className="announcement-text fold-text" ref={foldable ? fold.ref : undefined}>
        <strong>{announcement.heading}</strong> <span className="announcement-content">{announcement.content}</span>
        {announcement.link && (
          <>
            {' '}
            <AnnouncementLink href={announcement.link} preview={!onDismiss} />
          </>
        )}
        {announcement.footer && <small className="announcement-footer">{announcement.footer}</small>}
      </div>
      {foldable && fold.showToggle && (
        <FoldToggle expanded={fold.expanded} what={`announcement ${announcement.heading}`} onToggle={fold.toggle} />
      )}
      {onDismiss && (
        <button
          type="button"
          className="announcement-dismiss"
          aria-label={`Dismiss announcement: ${announcement.heading}`}
          onClick={onDismiss}
        >
          ×
        </button>
      )}
    </div>
  );
}

/** The body of an announcement shown as a modal (the heading is the dialog's title). */
export function AnnouncementModalBody({ announcement, preview = false }: { announcement: Shown; preview?: boolean }) {
  return (
    <>
      <p className="announcement-content">{announcement.content}</p>
      {announcement.link && (
        <p>
          <AnnouncementLink href={announcement.link} preview={preview} />
        </p>
      )}
      {announcement.footer && <p className="muted">{announcement.footer}</p>}
    </>
  );
}

function AnnouncementLink({ href, preview }: { href: string; preview: boolean }) {
  if (preview) {
    return (
      <span className="announcement-link-preview" title={href}>
        Learn more
      </span>
    );
  }
  return <a href={href}>Learn more</a>;
}
