import { RESYNC_SPREAD_MS, SOCKET_PATH, type LiveData, type SocketHandshakeAuth } from '@shared/realtime/events.js';
import type { SurfClaim } from '@shared/surf/surf.js';
import { announcementsAtom, hideAnnouncementAtom, showAnnouncementAtom } from '../announcements/announcementsAtom.js';
import { putCampaignAtom, receiveCampaignCountersAtom, removeCampaignAtom } from '../campaigns/campaignsAtom.js';
import { resendWatchedPosts } from '../feed/postWatch.js';
import { receiveGroupMembers, resendWatchedGroup } from '../groups/groupWatch.js';
import {
  receivePostAccessLost,
  receivePostComment,
  receivePostCommentRemoved,
  receivePostFeels,
} from '../feed/receiveSocialEvents.js';
import { lastNotificationIdAtom } from '../notifications/lastNotificationIdAtom.js';
import { notificationsRead, receiveNotifications } from '../notifications/receiveNotifications.js';
import { appStore } from '../state/store.js';
import { campaignFiguresChangedAtom, receiveStatsCountedAtom } from '../stats/statsAtoms.js';
import { navigateTo } from '../routing/navigation.js';
import { receiveTeamsChanged } from '../teams/receiveTeamsChanged.js';
import { followMaintenancePush } from '../website/maintenance.js';
import { setConnectionId } from './connectionId.js';
import { connectionStateAtom, type ConnectionState } from './connectionStateAtom.js';
import { liveDataAtom } from './liveDataAtom.js';
import { claimAcrossRestarts, type SentClaim } from './claimAcrossRestarts.js';
import { followServerRestarts, type ServerRestarts } from './serverRestarts.js';
import { socketAtom, type AppSocket } from './socketAtom.js';
import { ErrorCode } from '@shared/api/error-codes.js';

let connectedKey: string | null = null;
/** Bumped by every connect and disconnect, so a connect still loading the client library knows it was superseded. */
let generation = 0;
/** A catch-up asked for by `realtime:resync`, waiting for its moment. */
let resyncTimer: ReturnType<typeof setTimeout> | null = null;
/** How the current socket follows server restarts (null without a socket). */
let restarts: ServerRestarts | null = null;

/**
 * One socket per tab, created after boot (socket.io-client loads as its own chunk, off the
 * landing page's critical path). It reconnects with backoff after a drop or a server restart.
 * After a short drop the server recovers the connection (`recovered`) and sends what it missed,
 * in order; otherwise, and when told to resync, the tab catches up itself (`session:resume`).
 * `sessionKey` is the user's socketId; null for a visitor.
 * `teamId` is the current team (null: none): the socket joins that team's room, so switching
 * teams connects anew.
 */
export async function connectRealtime(
  sessionKey: string | null,
  teamId: number | null,
  onEndedByServer: () => void,
): Promise<void> {
  const key = sessionKey ? `${sessionKey}:${teamId ?? ''}` : 'visitor';
  if (appStore.get(socketAtom) && connectedKey === key) return;
  disconnectRealtime();
  const mine = generation;
  connectedKey = key;
  const { io } = await import('socket.io-client');
  if (generation !== mine) return;
  const next: AppSocket = io({
    path: SOCKET_PATH,
    autoConnect: false,
    withCredentials: true,
    auth: sessionKey ? ({ socketId: sessionKey, teamId } satisfies SocketHandshakeAuth) : {},
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });
  appStore.set(socketAtom, next);
  setConnectionState('connecting');
  const followed = followServerRestarts(next, () => appStore.get(socketAtom) === next);
  restarts = followed;

  next.on('connect', () => {
    setConnectionId(next.id ?? null);
    setConnectionState('connected');
    // Watches are checked again either way: what the tab may see can have changed meanwhile.
    resendWatchedPosts();
    resendWatchedGroup();
    if (!next.recovered) catchUp(next);
  });
  next.on('realtime:resync', () => scheduleResync(next));
  next.on('disconnect', (reason) => {
    setConnectionId(null);
    if (followed.handlesDisconnect(reason)) {
      setConnectionState('reconnecting');
      return;
    }
    if (reason === 'io server disconnect') {
      // The server ended it (e.g. the session was revoked): reload who we are.
      setConnectionState('idle');
      onEndedByServer();
      return;
    }
    setConnectionState('reconnecting');
  });
  next.on('connect_error', (error) => {
    if (next.active || followed.handlesConnectError(error)) {
      setConnectionState('reconnecting');
      return;
    }
    // Refused by the server's handshake check (another session in this browser, too many tabs):
    // socket.io does not retry that, so stop saying "Reconnecting…" and reload who we are.
    setConnectionState('idle');
    onEndedByServer();
  });
  next.on('notification:new', (notification, unread) => receiveNotifications([notification], unread));
  next.on('notifications:read', ({ ids, unread }) => notificationsRead(ids, unread));
  next.on('live:data', receiveLive);
  next.on('announcement:show', (announcement) => appStore.set(showAnnouncementAtom, announcement));
  next.on('announcement:hide', ({ id }) => appStore.set(hideAnnouncementAtom, id));
  next.on('campaigns:updated', ({ campaigns }) => {
    appStore.set(receiveCampaignCountersAtom, campaigns);
    appStore.set(campaignFiguresChangedAtom);
  });
  next.on('stats:counted', ({ posts }) => appStore.set(receiveStatsCountedAtom, posts));
  next.on('posts:changed', ({ pid, item }) =>
    item ? appStore.set(putCampaignAtom, item) : appStore.set(removeCampaignAtom, pid),
  );
  next.on('post:comment', receivePostComment);
  next.on('post:comment-removed', receivePostCommentRemoved);
  next.on('post:feels', receivePostFeels);
  next.on('post:access-lost', receivePostAccessLost);
  next.on('group:members', receiveGroupMembers);
  next.on('teams:changed', receiveTeamsChanged);
  next.on('surf:replaced', ({ ticketId }) => replacedListeners.forEach((listener) => listener(ticketId)));
  next.on('surf:stopped', () => stoppedListeners.forEach((listener) => listener()));
  next.on('website:maintenance', ({ maintenance }) => followMaintenancePush(maintenance, navigateTo));
  next.connect();
}

/**
 * Sends the surf bar's Next click for a ticket issued to `ticketConnection`; answers the server's
 * acknowledgement (or an error when offline) and the connection it went out on. Across a server
 * restart it goes over the tab's next connection (claimAcrossRestarts).
 */
export function claimView(claim: SurfClaim, ticketConnection: string | null, timeoutMs = 15_000): Promise<SentClaim> {
  const current = appStore.get(socketAtom);
  if (!current || !restarts)
    return Promise.resolve({
      answer: { error: { code: ErrorCode.Unreachable, message: 'You are offline. Reconnecting…' } },
      connectionId: null,
    });
  return claimAcrossRestarts(current, restarts, claim, ticketConnection, timeoutMs);
}

/** Whether a server restart ended `connection` and handed what it held over to this tab's next connection. */
export function handedOver(connection: string | null): boolean {
  return restarts?.handoverFor(connection) != null;
}

const replacedListeners = new Set<(ticketId: string) => void>();

/** Tells the surf bar when another tab took over its ticket. Answers the unsubscribe. */
export function onSurfReplaced(listener: (ticketId: string) => void): () => void {
  replacedListeners.add(listener);
  return () => replacedListeners.delete(listener);
}

const stoppedListeners = new Set<() => void>();

/** Calls `listener` when an admin stops the member's earning (`surf:stopped`); answers the unsubscribe. */
export function onSurfStopped(listener: () => void): () => void {
  stoppedListeners.add(listener);
  return () => stoppedListeners.delete(listener);
}

export function disconnectRealtime(): void {
  generation++;
  if (resyncTimer) clearTimeout(resyncTimer);
  resyncTimer = null;
  const socket = appStore.get(socketAtom);
  socket?.removeAllListeners();
  socket?.disconnect();
  restarts = null;
  appStore.set(socketAtom, null);
  connectedKey = null;
  setConnectionId(null);
  setConnectionState('idle');
}

/**
 * Also shown on <html data-realtime="…">: visitors have no header note, and tools and
 * end-to-end tests can tell when live updates flow.
 */
function setConnectionState(state: ConnectionState): void {
  appStore.set(connectionStateAtom, state);
  document.documentElement.dataset.realtime = state;
}

/** What the tab missed (notifications since the newest it has) and the current state, which replace its own. */
function catchUp(socket: AppSocket): void {
  socket.emit('session:resume', { afterNotificationId: appStore.get(lastNotificationIdAtom) }, (answer) => {
    if ('error' in answer) return;
    receiveNotifications(answer.data.notifications, answer.data.unread);
    receiveLive(answer.data.live);
    appStore.set(announcementsAtom, answer.data.announcements);
  });
}

/** One catch-up at a random moment within RESYNC_SPREAD_MS, so the tabs of every process do not ask at once. */
function scheduleResync(socket: AppSocket): void {
  if (resyncTimer) return;
  resyncTimer = setTimeout(() => {
    resyncTimer = null;
    // A tab that is reconnecting meanwhile catches up (or is recovered) when it connects.
    if (socket.connected) catchUp(socket);
  }, Math.random() * RESYNC_SPREAD_MS);
}

function receiveLive(live: LiveData): void {
  const current = appStore.get(liveDataAtom);
  appStore.set(liveDataAtom, {
    cc: live.cc ?? current.cc,
    team: live.team ?? current.team,
    clockOffsetMs: live.live_time - Date.now(),
  });
}
