import { atom } from 'jotai';
import type { UiNotifications } from '@shared/start/start.js';

export const uiNotificationsAtom = atom<UiNotifications>({ unread: 0, latest: [], lastId: 0 });
uiNotificationsAtom.debugLabel = 'uiNotifications';
