import { z } from 'zod';
import { text } from '../validation/text.js';
import { connectionHandoverSchema } from '../realtime/handover.js';
import type { PostItem } from '../campaigns/campaigns.js';
import type { SurfToday } from '../earnings/earnings.js';
import type { SurfClaimOutcome, SurfEmptyReason } from './surf-outcomes.js';

/** The surf bar's countdown, in seconds, unless the server is configured otherwise. */
export const DEFAULT_SURF_TIMER_SECONDS = 15;

/** The member's last this many challenge answers are kept: a wrong one among them keeps every view challenged. */
export const ANSWERS_KEPT = 4;

/** What the Next click tells the server besides the ticket: the anti-cheat scores it. */
export const clickTelemetrySchema = z.object({
  /** Click position in the page. */
  x: z.number().finite(),
  y: z.number().finite(),
  /** ms from the moment the countdown reached zero to the click. */
  clickDelayMs: z.number().finite().min(0).max(86_400_000),
  /** ms since this tab's previous Next click; null on the first. */
  intervalMs: z.number().finite().min(0).max(86_400_000).nullable(),
  /** The Next button's box. */
  target: z.object({ x: z.number().finite(), y: z.number().finite(), width: z.number().finite(), height: z.number().finite() }),
  isTrusted: z.boolean(),
  /** True when Next was pressed with the keyboard. */
  keyEvent: z.boolean(),
  /** document.visibilityState === 'visible' and the page had focus. */
  visible: z.boolean(),
});
export type ClickTelemetry = z.infer<typeof clickTelemetrySchema>;

export const surfClaimSchema = z.object({
  ticketId: text().uuid(),
  telemetry: clickTelemetrySchema,
  /** The answer to a verification challenge, when the ticket carried one. */
  code: text().max(20).optional(),
  /**
   * true: when the claim is settled (credited or not), the acknowledgement also
   * carries the next post (`SurfClaimAnswer.next`), issued in the same database transaction, so
   * the surf bar needs no POST /data/surf/next between two views.
   */
  next: z.literal(true).optional(),
  /**
   * The ticket was issued to this tab's previous connection, which a server restart ended: the
   * restart notice's handover lets this connection of the same session claim it.
   */
  handover: connectionHandoverSchema.optional(),
});
export type SurfClaim = z.infer<typeof surfClaimSchema>;

export const rotatorSchema = z.object({
  languages: z.array(text().min(2).max(3)).max(30),
  /** Only posts carrying a tag the member follows; left out: unchanged. */
  myTags: z.boolean().optional(),
});
export type RotatorPayload = z.infer<typeof rotatorSchema>;

/** The challenge picture's size in pixels. */
export const CHALLENGE_IMAGE_SIZE = { width: 320, height: 120 } as const;

/** The surf bar's data: the posts of this round, the timer, the headline (m1), a challenge and a message. */
export interface SurfData {
  posts: { pid: number; viewed: boolean }[];
  timer: number;
  /** The headline shown above the post. */
  m1: string;
  /** A verification challenge: the options, as buttons; the one to pick is shown only in `challengeImage`. */
  codes: string[] | null;
  /** The challenge's picture (GET; the same picture for the ticket on every request), never its text; null when the view is not challenged. */
  challengeImage: string | null;
  /** Why there is nothing to view (for people; code reads `SurfNextAnswer.emptyReason`), or the challenge's prompt. */
  message: string | null;
}

export interface SurfTicket {
  id: string;
  /** Server time (ms) the countdown started. */
  issuedAt: number;
}

export interface SurfNextAnswer {
  data: SurfData;
  /** Null when there is nothing to view (see emptyReason). */
  ticket: SurfTicket | null;
  post: PostItem | null;
  /** Why there is nothing to view; null when a post is offered. */
  emptyReason: SurfEmptyReason | null;
  /**
   * When there is nothing to view: the server time (ms) from which a post can be offered again (a
   * post leaves the viewer's 24 hours, a campaign's or the member's daily cap resets); null when
   * nothing now on offer will become viewable (no campaign could pay, or earning is stopped).
   */
  nextAt: number | null;
}

/** A settled claim: credited, or closed without credit (outcome says why). */
export interface SurfClaimAnswer {
  outcome: SurfClaimOutcome;
  /** Credits earned by this view when credited (the member's level's credits per view, within the daily cap), else 0. */
  credited: number;
  cc: number;
  message: string;
  /** Today's earnings, cap and views left after this claim: the surf bar's progress shows them at once. */
  today: SurfToday;
  /**
   * The next post with a ticket for this same connection, as POST /data/surf/next answers it
   * (possibly "nothing to view", with its emptyReason). Only when the claim asked for it (`next: true`);
   * refusals answered as { error } never carry one: the same ticket stays (countdown) or the tab
   * asks POST /data/surf/next.
   */
  next?: SurfNextAnswer;
}

/**
 * The post rotator: every language the surf bar knows, and the viewer's choice (none: every
 * language); whether only posts carrying a tag they follow are offered, and the tags they follow.
 */
export interface RotatorAnswer {
  languages: Record<string, string>;
  selected: string[];
  myTags: boolean;
  followedTags: string[];
}

export const SURF_ENDPOINTS = {
  /** POST (member; X-Socket-Id = this tab's connection) → SurfNextAnswer */
  next: '/data/surf/next',
  /** GET → RotatorAnswer; PUT RotatorPayload → RotatorAnswer */
  rotator: '/data/surf/rotator',
  /** GET `${challenge}/<ticket id>` (member; their own open challenged ticket) → image/png, the same one for the ticket each time */
  challenge: '/data/surf/challenge',
  /**
   * POST (member; their own open ticket, challenged by picture) → SurfChallengeEmailAnswer: the
   * ticket asks for a 6-digit code mailed to the member instead (shared/surf/challenge-email.ts)
   */
  challengeEmail: '/data/surf/challenge/:ticketId/email',
} as const;

/** The path of a challenged ticket's picture. */
export function challengeImagePath(ticketId: string): string {
  return `${SURF_ENDPOINTS.challenge}/${ticketId}`;
}

/** The path that mails a challenged ticket's code instead. */
export function challengeEmailPath(ticketId: string): string {
  return SURF_ENDPOINTS.challengeEmail.replace(':ticketId', ticketId);
}
