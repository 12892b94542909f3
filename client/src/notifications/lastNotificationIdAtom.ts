import { atom } from 'jotai';

/** The newest notification id this tab has seen; a reconnecting tab asks for what came after. */
export const lastNotificationIdAtom = atom(0);
lastNotificationIdAtom.debugLabel = 'lastNotificationId';
