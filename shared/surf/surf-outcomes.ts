import type { ErrorCode } from '../api/error-codes.js';

/**
 * The surf bar's codes, declared once. The SQL functions surf_claim and surf_offer return these
 * strings (test/socket/surf-outcomes.socket-spec.ts proves the sets equal); the server turns them
 * into texts, and the client branches on them.
 *
 * One word per concept:
 * - refusal: a claim answered with `{ error }`; the ticket stays as it was.
 * - outcome: what a settled claim came to: credited, or closed without credit and why.
 * - empty reason: why there is no post to view.
 * (A ticket closed without credit has the status `uncredited` in the database.)
 */

/** Why a claim is refused. `too_early` carries `retryAfter`: the seconds left on the server's countdown. */
export const SURF_TICKET_REFUSALS = [
  'not_yours',
  'already_counted',
  'moved_to_other_tab',
  'closed_without_credit',
  'other_tab',
  'too_early',
] as const;
export type SurfTicketRefusal = (typeof SURF_TICKET_REFUSALS)[number];

/** Every code a 'surf:claim' refusal can carry: the ticket's, and the general ones (validation, rate limit…). */
export type SurfClaimRefusalCode = SurfTicketRefusal | ErrorCode;

/**
 * What a settled claim came to. Every outcome but `credited` closes the ticket without credit:
 * `scripted` (an untrusted click, a key press in a page without focus, or a click delay longer than
 * the server saw), `unseen` (a hidden or unfocused tab), `wrong_code` (a challenge answered wrong),
 * `rechecked` (answered right just after a wrong answer: not credited yet), `stopped` (earning is stopped on the
 * account: this claim crossed the block threshold, or an earlier one did), `own_team` (the post was written for a
 * team the viewer has joined since it was offered: a team's campaigns never pay its own members).
 */
export const SURF_CLAIM_OUTCOMES = [
  'credited',
  'scripted',
  'unseen',
  'wrong_code',
  'rechecked',
  'stopped',
  'daily_cap',
  'out_of_credits',
  'paused',
  'views_cap',
  'own_team',
] as const;
export type SurfClaimOutcome = (typeof SURF_CLAIM_OUTCOMES)[number];

/** Why there is no post to view: earning is blocked for the member, their daily cap is reached, or no campaign fits. */
export const SURF_EMPTY_REASONS = ['earning_blocked', 'email_unconfirmed', 'daily_cap', 'no_posts'] as const;
export type SurfEmptyReason = (typeof SURF_EMPTY_REASONS)[number];

/** The signals that raise the surf score (surf_risk, and a wrong challenge answer in surf_claim). */
export const SURF_RISK_SIGNALS = [
  'scripted',
  'unseen',
  'same_interval',
  'same_position',
  'instant_claim',
  'delay_mismatch',
  'regular_delay',
  'no_break',
  'shared_address',
  'shared_device',
  'wrong_code',
  'skipped_challenge',
] as const;
export type SurfRiskSignal = (typeof SURF_RISK_SIGNALS)[number];

/** One claim that raised a member's score: when (ISO time), which signals, the score after it. */
export interface RiskEvidence {
  at: string;
  signals: SurfRiskSignal[];
  score: number;
}
