import { PROTOCOL_VERSION, type StartAnswer } from '@shared/start/start.js';
import { documentCookies, storedConsent } from '../consent/consentCookie.js';
import { applyVisitorCountry } from '../consent/locateVisitor.js';
import { api } from '../api/api.js';
import { loadMemberMenu } from '../layout/memberMenu.js';
import { preloadScreenAt } from '../routing/preloadScreen.js';
import { currentTeamIdAtom } from '../sessions/currentTeamIdAtom.js';
import { userAtom } from '../sessions/userAtom.js';
import { applyStartAnswer } from '../server-page/serverPageState.js';
import { appStore } from '../state/store.js';
import { STALE_TEAM_NOTICE } from '../teams/switchTeam.js';
import { teamAfterStart } from '../teams/teamSession.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { bootFailedAtom } from './bootFailedAtom.js';
import { setSessionReload } from './sessionReload.js';

const RELOADED_FOR_VERSION = 'reloadedForProtocol';

/**
 * Loads /data/start into the store. The app starts only when rufP is present; a
 * different protocol version means this bundle is older than the server, so reload once.
 * The answer also settles the current team: the one the server confirmed, or none when the
 * one asked for went stale (the member is told).
 */
export async function startApp(): Promise<void> {
  preloadScreenAt(window.location.pathname);
  await loadSession(false);
}

/**
 * Starts from the /data/start answer that a page drawn on the server carries (a visitor's),
 * without asking for it again: the store then holds what the server drew from, as hydration needs.
 */
export function startFromServerPage(start: StartAnswer): void {
  preloadScreenAt(window.location.pathname);
  applyStart(start, appStore.get(currentTeamIdAtom), true);
}

/**
 * `keepScreenOnFailure`: a reload of a running member's session (a team switched or changed)
 * that fails leaves the screen as it is instead of the boot failure screen. Answers whether the
 * answer was applied (or superseded by a newer load).
 */
async function loadSession(keepScreenOnFailure: boolean): Promise<boolean> {
  appStore.set(bootFailedAtom, false);
  const sentTeamId = appStore.get(currentTeamIdAtom);
  let answer = await api.request<StartAnswer>({ path: '/data/start' });
  // 406: the session ended; the server has dropped its cookie, so ask again as a visitor.
  if (answer.status === 406) answer = await api.request<StartAnswer>({ path: '/data/start' });
  // The team was switched while this answer was on its way: the load that switch started applies.
  if (appStore.get(currentTeamIdAtom) !== sentTeamId) return true;
  const start = answer.data;
  if (!start?.rufP) {
    if (!keepScreenOnFailure || !appStore.get(userAtom)) appStore.set(bootFailedAtom, true);
    return false;
  }
  if (start.rufP !== PROTOCOL_VERSION && sessionStorage.getItem(RELOADED_FOR_VERSION) !== String(start.rufP)) {
    sessionStorage.setItem(RELOADED_FOR_VERSION, String(start.rufP));
    window.location.reload();
    return true;
  }
  // A member's first screen shows with their menu; should its chunk fail, the screen still does.
  if (start.user) await loadMemberMenu().catch(() => undefined);
  applyStart(start, sentTeamId, false);
  return true;
}

/** The answer into the store, then what follows from it: the visitor's country, the socket. */
function applyStart(start: StartAnswer, sentTeamId: number | null, countryFinal: boolean): void {
  const team = teamAfterStart(sentTeamId, appStore.get(userAtom)?.id ?? null, start.user);
  if (team.dropped) appStore.set(pushToastAtom, STALE_TEAM_NOTICE);
  applyStartAnswer(appStore, start, storedConsent(documentCookies), team.teamId, countryFinal);
  applyVisitorCountry(start.visitorCountry ?? null);
  const sessionKey = start.user?.socketId ?? null;
  // The socket's code (its receivers of every live event) loads as a chunk of its own, after the
  // screen: nothing on a first screen waits for a push.
  void import('../realtime/realtimeConnection.js').then(({ connectRealtime }) =>
    connectRealtime(sessionKey, team.teamId, () => void startApp()),
  );
}

setSessionReload(() => loadSession(true));
