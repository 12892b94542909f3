import { atom } from 'jotai';
import type { Announcement } from '@shared/announcements/announcements.js';

/** Active announcements for this viewer, from /data/start and then live from the socket. */
export const announcementsAtom = atom<Announcement[]>([]);
announcementsAtom.debugLabel = 'announcements';

export const showAnnouncementAtom = atom(null, (get, set, announcement: Announcement) => {
  set(announcementsAtom, [...get(announcementsAtom).filter((a) => a.id !== announcement.id), announcement]);
});

export const hideAnnouncementAtom = atom(null, (get, set, id: number) => {
  set(
    announcementsAtom,
    get(announcementsAtom).filter((a) => a.id !== id),
  );
});
