import type { createStore } from 'jotai';
import type { FeedEntry } from '@shared/feed/feed.js';
import type { StoredConsent } from '@shared/consent/consent.js';
import type { StartAnswer } from '@shared/start/start.js';
import { announcementsAtom } from '../announcements/announcementsAtom.js';
import { loadingAtom } from '../boot/loadingAtom.js';
import { consentChoiceAtom } from '../consent/consentChoiceAtom.js';
import { visitorCountrySettledAtom } from '../consent/visitorCountrySettledAtom.js';
import { feedKeyOf, splitEntries } from '../feed/feedState.js';
import { foundPostAtom, storeFeedAtom } from '../feed/feedsAtom.js';
import { storeFeelsAtom } from '../feed/feelsAtom.js';
import { lastNotificationIdAtom } from '../notifications/lastNotificationIdAtom.js';
import { uiNotificationsAtom } from '../notifications/uiNotificationsAtom.js';
import { currentTeamIdAtom } from '../sessions/currentTeamIdAtom.js';
import { userAtom } from '../sessions/userAtom.js';
import { usersAtom } from '../sessions/usersAtom.js';
import { visitorCountryAtom } from '../sessions/visitorCountryAtom.js';
import { websiteAtom } from '../website/websiteAtom.js';

/** The element of a page drawn on the server that carries what it was drawn from (JSON, never run). */
export const SERVER_PAGE_STATE_ID = 'page-state';

/** What a page drawn on the server was drawn from: the client starts from the same, so hydration matches. */
export interface ServerPageState {
  start: StartAnswer;
  /** The post page's post, as the visitor's call for it would answer. */
  entry: FeedEntry | null;
}

type Store = ReturnType<typeof createStore>;

/**
 * Writes a /data/start answer into a store. The client's boot and the server's drawing of a page
 * both go through here, so both render from the same state. `teamId` is the team the answer settled.
 * `countryFinal`: the answer's country is the one the country call would give too (a page drawn by
 * the server looked the same address up in the same database), so even an unknown one is settled
 * and the cookie banner is drawn with the page rather than after that call.
 */
export function applyStartAnswer(
  store: Store,
  start: StartAnswer,
  consent: StoredConsent,
  teamId: number | null,
  countryFinal: boolean,
): void {
  store.set(currentTeamIdAtom, teamId);
  store.set(websiteAtom, start.website);
  store.set(userAtom, start.user);
  store.set(usersAtom, start.users);
  if (start.visitorCountry !== null || countryFinal) {
    store.set(visitorCountryAtom, start.visitorCountry);
    store.set(visitorCountrySettledAtom, true);
  }
  store.set(consentChoiceAtom, consent);
  store.set(uiNotificationsAtom, start.uiNotifications);
  store.set(lastNotificationIdAtom, start.uiNotifications.lastId);
  store.set(announcementsAtom, start.user ? start.user.announcements : start.website.announcements);
  store.set(loadingAtom, { loading: false, reloading: false });
}

/** The post page's post, stored as the post page stores what it fetched. */
export function applyServerEntry(store: Store, entry: FeedEntry): void {
  const pid = entry.post.pid;
  const { entries, feels } = splitEntries([entry]);
  store.set(storeFeelsAtom, feels);
  store.set(storeFeedAtom, { key: feedKeyOf({ kind: 'post', pid }), list: { entries, before: null } });
  store.set(foundPostAtom, pid);
}

/**
 * The state's JSON for a `<script type="application/json">`: `<` is escaped so no text in it can
 * close the element, and U+2028/U+2029 so the text stays valid wherever it is pasted.
 */
export function serializeServerPageState(state: ServerPageState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
