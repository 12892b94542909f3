import { PROTOCOL_VERSION, type StartAnswer } from '@shared/start/start.js';
import { announcementsAtom } from '../announcements/announcementsAtom.js';
import { api } from '../api/api.js';
import { lastNotificationIdAtom } from '../notifications/lastNotificationIdAtom.js';
import { connectRealtime } from '../realtime/realtimeConnection.js';
import { uiNotificationsAtom } from '../notifications/uiNotificationsAtom.js';
import { userAtom } from '../session/userAtom.js';
import { usersAtom } from '../session/usersAtom.js';
import { visitorCountryAtom } from '../session/visitorCountryAtom.js';
import { appStore } from '../state/store.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { bootFailedAtom } from './bootFailedAtom.js';
import { loadingAtom } from './loadingAtom.js';

const RELOADED_FOR_VERSION = 'reloadedForProtocol';

/**
 * Loads /data/start into the store. The app starts only when rufP is present; a
 * different protocol version means this bundle is older than the server, so reload once.
 */
export async function startApp(): Promise<void> {
  appStore.set(bootFailedAtom, false);
  let answer = await api.request<StartAnswer>({ path: '/data/start' });
  // 406: the session ended; the server has dropped its cookie, so ask again as a visitor.
  if (answer.status === 406) answer = await api.request<StartAnswer>({ path: '/data/start' });
  const start = answer.data;
  if (!start?.rufP) {
    appStore.set(bootFailedAtom, true);
    return;
  }
  if (start.rufP !== PROTOCOL_VERSION && sessionStorage.getItem(RELOADED_FOR_VERSION) !== String(start.rufP)) {
    sessionStorage.setItem(RELOADED_FOR_VERSION, String(start.rufP));
    window.location.reload();
    return;
  }
  appStore.set(websiteAtom, start.website);
  appStore.set(userAtom, start.user);
  appStore.set(usersAtom, start.users);
  appStore.set(visitorCountryAtom, start.visitorCountry ?? null);
  appStore.set(uiNotificationsAtom, start.uiNotifications);
  appStore.set(lastNotificationIdAtom, start.uiNotifications.lastId);
  appStore.set(announcementsAtom, start.user ? start.user.announcements : start.website.announcements);
  appStore.set(loadingAtom, { loading: false, reloading: false });
  void connectRealtime(start.user?.socketId ?? null, () => void startApp());
}
