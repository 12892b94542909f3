import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type MouseEvent } from 'react';
import { SURF_ENDPOINTS, type SurfNextAnswer } from '@shared/surf/surf.js';
import { api } from '../api/api.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { currentConnectionId } from '../realtime/connectionId.js';
import { connectionStateAtom } from '../realtime/connectionStateAtom.js';
import { earningsSummaryAtom } from '../credits/earningsSummaryAtom.js';
import { withSurfToday } from '../credits/earningsSummary.js';
import { liveDataAtom } from '../realtime/liveDataAtom.js';
import { claimView, handedOver, onSurfReplaced, onSurfStopped } from '../realtime/realtimeConnection.js';
import { buildClickTelemetry } from './clickTelemetry.js';
import { msUntilNextTick } from './countdown.js';
import { canClaim, initialSurfState, surfReducer, type SurfState } from './surfState.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { hasErrorCode } from '../api/errorCodes.js';

/** POST next answers 409 until the server sees this tab's socket; ask again after this long. */
export const NOT_CONNECTED_RETRY_MS = 1000;

export interface SurfBar {
  state: SurfState;
  /** Credited views in this tab since Earn Credits opened (this run of the surf bar). */
  sessionViews: number;
  /** Asks the server for the next post (a new ticket for this tab). */
  loadNext: () => void;
  /** The Next button's click: sends the claim with the click's telemetry. */
  next: (event: MouseEvent<HTMLButtonElement>) => void;
  pickCode: (code: string | null) => void;
}

/**
 * The surf bar's work: waits for the live connection a ticket is bound to, loads a post, runs
 * the countdown on the server-corrected clock, sends the Next click over the socket and shows
 * the next post its acknowledgement carries (else loads one); gives way when another tab takes
 * over. The server decides every credit.
 */
export function useSurfBar(): SurfBar {
  const store = useStore();
  const connection = useAtomValue(connectionStateAtom);
  const [state, dispatch] = useReducer(surfReducer, initialSurfState);
  const [sessionViews, setSessionViews] = useState(0);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  /** Bumped to drop answers of work that was overtaken (a newer load, a lost connection, unmounting). */
  const generation = useRef(0);
  const retryTimer = useRef<number | undefined>(undefined);
  const ticketConnection = useRef<string | null>(null);
  const lastClickAt = useRef<number | null>(null);
  const claiming = useRef(false);
  /** Tickets another tab took over before their answer reached this one. */
  const replacedEarly = useRef(new Set<string>());

  const serverNow = useCallback(() => Date.now() + store.get(liveDataAtom).clockOffsetMs, [store]);

  /** Shows a post (from POST next, or carried by a claim's ack) with its ticket for `connectionId`. */
  const show = useCallback(
    (answer: SurfNextAnswer, connectionId: string) => {
      ticketConnection.current = connectionId;
      if (answer.ticket && replacedEarly.current.delete(answer.ticket.id)) {
        dispatch({ type: 'replaced' });
        return;
      }
      dispatch({ type: 'loaded', answer, serverNowMs: serverNow(), clientNowMs: Date.now() });
    },
    [serverNow],
  );

  const loadNext = useCallback(async () => {
    const run = ++generation.current;
    window.clearTimeout(retryTimer.current);
    const connectionId = currentConnectionId();
    if (store.get(connectionStateAtom) !== 'connected' || !connectionId) {
      dispatch({ type: 'connecting' });
      return;
    }
    dispatch({ type: 'loading' });
    const result = await api.request<SurfNextAnswer>({ method: 'POST', path: SURF_ENDPOINTS.next });
    if (run !== generation.current) return;
    if (hasErrorCode(result.errors, ErrorCode.NotConnected)) {
      // The server has not seen this tab's socket yet.
      dispatch({ type: 'connecting' });
      retryTimer.current = window.setTimeout(() => run === generation.current && void loadNext(), NOT_CONNECTED_RETRY_MS);
      return;
    }
    if (!isSuccess(result.status) || !result.data) {
      dispatch({ type: 'failed', failure: { status: result.status, errors: result.errors } });
      return;
    }
    show(result.data, connectionId);
  }, [store, show]);

  // A ticket is bound to one connection: ask for a post once connected, and again after a reconnect.
  // A restart hands the post on screen over to the next connection instead: it stays, its
  // countdown runs on, and its Next click is answered there.
  useEffect(() => {
    const { phase } = stateRef.current;
    const holdsTicket = phase === 'viewing' || phase === 'claiming' || phase === 'loading';
    const keptAcrossRestart = phase !== 'loading' && handedOver(ticketConnection.current);
    if (connection === 'connected') {
      const ticketElsewhere = holdsTicket && phase !== 'loading' && ticketConnection.current !== currentConnectionId();
      if (phase === 'connecting' || (ticketElsewhere && !keptAcrossRestart)) void loadNext();
    } else if (holdsTicket && !keptAcrossRestart) {
      generation.current++;
      dispatch({ type: 'connecting' });
    }
  }, [connection, loadNext]);

  useEffect(
    () => () => {
      generation.current++;
      window.clearTimeout(retryTimer.current);
    },
    [],
  );

  useEffect(
    () =>
      onSurfReplaced((ticketId) => {
        const { ticket, phase } = stateRef.current;
        if (ticket?.id === ticketId) {
          generation.current++;
          dispatch({ type: 'replaced' });
        } else if (phase === 'loading' || phase === 'claiming') {
          // The answer naming it (POST next, or the claim's ack) is still on its way.
          replacedEarly.current.add(ticketId);
        }
      }),
    [],
  );

  // An admin stopped earning: the open post can no longer pay, so ask again now; the server
  // answers with the stopped state (earning_blocked) as it does after the anti-cheat stops it.
  useEffect(
    () =>
      onSurfStopped(() => {
        const { phase } = stateRef.current;
        if (phase === 'replaced' || phase === 'connecting') return;
        claiming.current = false;
        void loadNext();
      }),
    [loadNext],
  );

  // One tick a second, lined up with the server's seconds; a hidden tab's timers are slowed, so catch up on return.
  const ticking = state.phase === 'viewing' || state.phase === 'claiming';
  useEffect(() => {
    if (!ticking) return;
    const tick = () => dispatch({ type: 'tick', serverNowMs: serverNow(), clientNowMs: Date.now() });
    const timer = window.setTimeout(tick, msUntilNextTick(state.readyAtMs, serverNow()));
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [ticking, state.readyAtMs, state.ticks, state.ticket, serverNow]);

  const next = useCallback(
    async (event: MouseEvent<HTMLButtonElement>) => {
      const current = stateRef.current;
      if (claiming.current || !canClaim(current) || !current.ticket) return;
      claiming.current = true;
      const nowMs = Date.now();
      const box = event.currentTarget.getBoundingClientRect();
      const telemetry = buildClickTelemetry(
        {
          pageX: event.pageX,
          pageY: event.pageY,
          detail: event.detail,
          isTrusted: event.nativeEvent.isTrusted,
          target: { x: box.x, y: box.y, width: box.width, height: box.height },
        },
        {
          nowMs,
          zeroAtMs: current.zeroAtMs,
          previousClickAtMs: lastClickAt.current,
          visibilityState: document.visibilityState,
          hasFocus: document.hasFocus(),
        },
      );
      lastClickAt.current = nowMs;
      dispatch({ type: 'claimSent' });
      const run = generation.current;
      const picked = current.data?.codes && current.pickedCode ? { code: current.pickedCode } : {};
      // next: the ack carries the next post, issued with the credit in one go (no POST next between views).
      const { answer, connectionId } = await claimView(
        { ticketId: current.ticket.id, telemetry, ...picked, next: true },
        ticketConnection.current,
      );
      claiming.current = false;
      if (run !== generation.current) return;
      if ('data' in answer) {
        const { outcome, cc, credited, message, today, next: nextPost } = answer.data;
        if (credited > 0) setSessionViews((views) => views + 1);
        // The server also pushes cc to every tab; this tab shows it at once, and today's earnings with it.
        store.set(earningsSummaryAtom, (summary) => (summary ? withSurfToday(summary, today) : summary));
        store.set(liveDataAtom, { ...store.get(liveDataAtom), cc });
        dispatch({
          type: 'claimSettled',
          // The server's words say what became of the view, and how many credits it earned.
          notice: { tone: outcome === 'credited' ? 'success' : 'info', text: message },
        });
        // The post in the ack is bound to the connection the claim went out on; a newer one needs POST next.
        if (nextPost && connectionId && connectionId === currentConnectionId()) {
          generation.current++;
          show(nextPost, connectionId);
        } else {
          void loadNext();
        }
        return;
      }
      const { code, message, retryAfter } = answer.error;
      if (code === 'too_early') {
        // The server's countdown is behind this tab's estimate: the same ticket, a little later.
        dispatch({
          type: 'claimTooEarly',
          notice: { tone: 'info', text: message },
          secondsLeft: retryAfter ?? 1,
          serverNowMs: serverNow(),
        });
        return;
      }
      if (code === 'moved_to_other_tab') {
        generation.current++;
        dispatch({ type: 'replaced' });
        return;
      }
      if (store.get(connectionStateAtom) !== 'connected') {
        // The ticket belonged to the lost connection; a new one comes after the reconnect.
        generation.current++;
        dispatch({ type: 'connecting', notice: { tone: 'error', text: message } });
        return;
      }
      dispatch({ type: 'claimSettled', notice: { tone: 'error', text: message } });
      void loadNext();
    },
    [store, serverNow, loadNext, show],
  );

  const pickCode = useCallback((code: string | null) => dispatch({ type: 'pickCode', code }), []);

  return {
    state,
    sessionViews,
    loadNext: useCallback(() => void loadNext(), [loadNext]),
    next: useCallback((event: MouseEvent<HTMLButtonElement>) => void next(event), [next]),
    pickCode,
  };
}
