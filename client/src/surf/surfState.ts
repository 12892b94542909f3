import type { PostItem } from '@shared/campaigns/campaigns.js';
import { isEmailedCode } from '@shared/surf/challenge-email.js';
import type { SurfEmptyReason } from '@shared/surf/surf-outcomes.js';
import type { SurfData, SurfNextAnswer, SurfTicket } from '@shared/surf/surf.js';
import type { ApiFailure } from '../api/useApiData.js';
import { secondsLeft } from './countdown.js';

/**
 * connecting: waiting for the live connection a ticket is bound to; loading: asking for a post;
 * viewing: a post and its countdown; claiming: the Next click is with the server; empty:
 * nothing to view (data.message); replaced: another tab took over; failed: the call failed.
 */
export type SurfPhase = 'connecting' | 'loading' | 'viewing' | 'claiming' | 'empty' | 'replaced' | 'failed';

export interface SurfNotice {
  tone: 'success' | 'info' | 'error';
  text: string;
}

/** The surf bar's state (data, countdown, processCheck, clickedNext) and what the tab needs around it. */
export interface SurfState {
  phase: SurfPhase;
  data: SurfData | null;
  ticket: SurfTicket | null;
  post: PostItem | null;
  /** Server time (ms) from which the server accepts the claim. */
  readyAtMs: number;
  countdown: number;
  /** This tab's time when the countdown reached zero, for the click's delay. */
  zeroAtMs: number | null;
  clickedNext: boolean;
  /** A claim is with the server. */
  processCheck: boolean;
  /** The verification code the member picked (or typed from the mail), when the ticket carries a challenge. */
  pickedCode: string | null;
  /** What the last claim came to, shown while the next post loads and after. */
  notice: SurfNotice | null;
  failure: ApiFailure | null;
  /** Counts ticks, so every tick schedules the next even when the number shown stays. */
  ticks: number;
  /** In the empty phase: why, and the server time (ms) from which a post can come again (null: not foreseeable). */
  empty: { reason: SurfEmptyReason; nextAt: number | null } | null;
}

export const initialSurfState: SurfState = {
  phase: 'connecting',
  data: null,
  ticket: null,
  post: null,
  readyAtMs: 0,
  countdown: 0,
  zeroAtMs: null,
  clickedNext: false,
  processCheck: false,
  pickedCode: null,
  notice: null,
  failure: null,
  ticks: 0,
  empty: null,
};

export type SurfAction =
  | { type: 'connecting'; notice?: SurfNotice }
  | { type: 'loading' }
  | { type: 'loaded'; answer: SurfNextAnswer; serverNowMs: number; clientNowMs: number }
  | { type: 'tick'; serverNowMs: number; clientNowMs: number }
  | { type: 'pickCode'; code: string | null }
  | { type: 'claimSent' }
  /** The claim is settled (credited, or closed without credit); the next post is on its way. */
  | { type: 'claimSettled'; notice: SurfNotice }
  /** The server wants more time on the same ticket (its clock is behind this tab's estimate). */
  | { type: 'claimTooEarly'; notice: SurfNotice; secondsLeft: number; serverNowMs: number }
  | { type: 'replaced' }
  | { type: 'failed'; failure: ApiFailure };

const withoutTicket = {
  ticket: null,
  post: null,
  processCheck: false,
  clickedNext: false,
  pickedCode: null,
  countdown: 0,
  zeroAtMs: null,
  empty: null,
};

export function surfReducer(state: SurfState, action: SurfAction): SurfState {
  switch (action.type) {
    case 'connecting':
      return { ...state, ...withoutTicket, phase: 'connecting', failure: null, notice: action.notice ?? state.notice };
    case 'loading':
      return { ...state, ...withoutTicket, phase: 'loading', failure: null };
    case 'loaded': {
      const { data, ticket, post, emptyReason, nextAt } = action.answer;
      if (!ticket || !post) {
        const empty = { reason: emptyReason ?? 'no_posts', nextAt };
        return { ...state, ...withoutTicket, phase: 'empty', data, failure: null, empty };
      }
      const readyAtMs = ticket.issuedAt + data.timer * 1000;
      const countdown = secondsLeft(readyAtMs, action.serverNowMs, data.timer);
      return {
        ...state,
        ...withoutTicket,
        phase: 'viewing',
        // A post is marked viewed when it is the current post.
        data: { ...data, posts: data.posts.map((entry) => (entry.pid === post.pid ? { ...entry, viewed: true } : entry)) },
        ticket,
        post,
        readyAtMs,
        countdown,
        zeroAtMs: countdown === 0 ? action.clientNowMs : null,
        failure: null,
      };
    }
    case 'tick': {
      if ((state.phase !== 'viewing' && state.phase !== 'claiming') || !state.data) return state;
      // It goes down while above zero (never back up), and each tick resets clickedNext.
      const countdown = Math.min(
        state.countdown,
        secondsLeft(state.readyAtMs, action.serverNowMs, Math.max(state.data.timer, state.countdown)),
      );
      return {
        ...state,
        countdown,
        zeroAtMs: countdown === 0 ? (state.zeroAtMs ?? action.clientNowMs) : null,
        clickedNext: false,
        ticks: state.ticks + 1,
      };
    }
    case 'pickCode':
      // An option of the picture, or the code mailed instead; null drops the pick (once the code
      // goes by email, the picture's no longer answers).
      if (action.code === null) return { ...state, pickedCode: null };
      return state.data?.codes && (state.data.codes.includes(action.code) || isEmailedCode(action.code))
        ? { ...state, pickedCode: action.code }
        : state;
    case 'claimSent':
      return { ...state, phase: 'claiming', clickedNext: true, processCheck: true, notice: null };
    case 'claimSettled':
      return { ...state, ...withoutTicket, phase: 'loading', notice: action.notice };
    case 'claimTooEarly':
      return {
        ...state,
        phase: 'viewing',
        processCheck: false,
        notice: action.notice,
        readyAtMs: action.serverNowMs + action.secondsLeft * 1000,
        countdown: action.secondsLeft,
        zeroAtMs: action.secondsLeft === 0 ? state.zeroAtMs : null,
      };
    case 'replaced':
      return { ...state, ...withoutTicket, phase: 'replaced', notice: null };
    case 'failed':
      return { ...state, ...withoutTicket, phase: 'failed', failure: action.failure };
  }
}

/** Whether a Next click now would be sent: the countdown is over, nothing is pending, and a challenge has its pick. */
export function canClaim(state: SurfState): boolean {
  return (
    state.phase === 'viewing' &&
    state.ticket !== null &&
    state.countdown === 0 &&
    !state.processCheck &&
    !state.clickedNext &&
    (!state.data?.codes || state.pickedCode !== null)
  );
}
