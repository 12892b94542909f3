import { atom } from 'jotai';
import type { UiNotifications } from '@shared/start/start.js';

export const uiNotificationsAtom = atom<UiNotifications>({ unread: 0, latest: [] });
uiNotificationsAtom.debugLabel = 'uiNotifications';
