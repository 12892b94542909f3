import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { ANNOUNCEMENT_ENDPOINTS, announcementShowsOn, type Announcement } from '@shared/announcements/announcements.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { closeModalAtom, openModalAtom } from '../modals/modalsAtom.js';
import { userAtom } from '../sessions/userAtom.js';
import { AnnouncementBar, AnnouncementModalBody } from './AnnouncementBar.js';
import { announcementsAtom, hideAnnouncementAtom } from './announcementsAtom.js';
import { rememberVisitorDismissal, visitorDismissed } from './visitorDismissals.js';
import './announcements.css';

const ANNOUNCEMENT_EDITOR_PATH = `${PATHS.admin}/announcements`;

/**
 * Site announcements on this page: alert bars above the content, and modals. A member's
 * dismissal is stored on the server (it holds on every device); a visitor's in this browser.
 */
export function AnnouncementsHost() {
  const announcements = useAtomValue(announcementsAtom);
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  const hide = useSetAtom(hideAnnouncementAtom);
  // The admin's announcement editor has its own preview; a live modal there would cover the form.
  const inEditor = pathname.startsWith(ANNOUNCEMENT_EDITOR_PATH);
  const visible = inEditor
    ? []
    : announcements.filter((a) => announcementShowsOn(a, pathname) && (user || !visitorDismissed(a.id)));

  const dismiss = (id: number) => {
    hide(id);
    if (user) void api.post(`${ANNOUNCEMENT_ENDPOINTS.dismiss}/${id}/dismiss`);
    else rememberVisitorDismissal(id);
  };

  return (
    <>
      {visible.filter((a) => a.type === 'announcement').length > 0 && (
        <section className="announcement-bars" aria-label="Announcements">
          {visible
            .filter((a) => a.type === 'announcement')
            .map((a) => (
              <AnnouncementBar key={a.id} announcement={a} onDismiss={() => dismiss(a.id)} />
            ))}
        </section>
      )}
      {visible
        .filter((a) => a.type === 'modal')
        .map((a) => (
          <AnnouncementModal key={a.id} announcement={a} onDismiss={() => dismiss(a.id)} />
        ))}
    </>
  );
}

/** Opens the announcement as a modal while it is visible here; closing it dismisses it. */
function AnnouncementModal({ announcement, onDismiss }: { announcement: Announcement; onDismiss: () => void }) {
  const openModal = useSetAtom(openModalAtom);
  const closeModal = useSetAtom(closeModalAtom);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  const id = `announcement-${announcement.id}`;

  useEffect(() => {
    let closedByUser = true;
    openModal({
      id,
      header: announcement.heading,
      className: `announcement-modal announcement-${announcement.classContext}`,
      body: <AnnouncementModalBody announcement={announcement} />,
      onClose: () => {
        if (closedByUser) dismissRef.current();
      },
    });
    return () => {
      // Hidden because it ended or the page changed: not the user's dismissal.
      closedByUser = false;
      closeModal({ id, force: true });
    };
  }, [announcement, id, openModal, closeModal]);
  return null;
}
