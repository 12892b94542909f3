import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { ClickTelemetry } from '@shared/surf/surf.js';
import type { RiskEvidence, SurfClaimOutcome, SurfEmptyReason, SurfTicketRefusal } from '@shared/surf/surf-outcomes.js';
import { runPrepared } from '../database/prepared.js';
import type { PostFields } from '../posts/posts.repository.js';

/** What surf_offer reads from its jsonb: surf_next's parameters, and surf_claim's when it asks for the next post. */
export interface SurfOfferParams {
  user: number;
  /** The connection (tab) the new ticket is bound to. */
  connection: string;
  /** The free countdown and daily cap (the site's): a member's own level replaces both in SQL. */
  timer: number;
  daily_cap: number;
  /** false: no ticket asks for a code (benchmarks). */
  challenges: boolean;
  /** The risk score from which a ticket asks for a code. */
  challenge_at: number;
  /** The code a challenged ticket asks for (drawn by the app for every ticket). */
  challenge: string | null;
  /** The app's clock: it starts the countdown and checks it. */
  now: Date;
  /** The risk score from which the member stops earning (a skipped challenge can reach it). */
  block_at: number;
  /** How many of the member's last challenge answers are kept. */
  answers_kept: number;
  /** Wrong answers among those kept that stop earning. */
  wrong_codes_to_stop: number;
  /** A new account's first daily cap (without a level), which grows by each view that matured clean. */
  newcomer_cap: number;
  /** How long a new or flagged member's earnings stay in review (minutes). */
  review_minutes: number;
}

/** surf_terms's jsonb: the offer's terms without the ticket's. */
export type SurfTermsParams = Pick<
  SurfOfferParams,
  'user' | 'now' | 'timer' | 'daily_cap' | 'newcomer_cap' | 'review_minutes' | 'challenge_at'
>;

/** surf_terms's answer: the member's terms of earning now. */
export interface TermsRow {
  timer: number;
  credits_per_view: number;
  daily_cap: number;
  review_minutes: number;
  /** Credits earned by surfing today. */
  earned: number;
  trust_views: number;
}

/** surf_claim's jsonb. */
export interface SurfClaimParams extends SurfOfferParams {
  ticket: string;
  telemetry: ClickTelemetry;
  code: string | null;
  /** From this many accounts surfing from one address (or device), the address (or device) is a signal. */
  accounts_per_address: number;
  /** Also offer the next post, in the same transaction. */
  next: boolean;
}

/**
 * surf_offer's answer: a ticket with its post, or why there is none; and the tickets it replaced.
 * `timer` and `daily_cap`: the member's, from their level or the site's.
 */
export type OfferRow = {
  replaced: { id: string; connection: string }[] | null;
  timer: number;
  daily_cap: number;
  /** A skipped challenge (a replaced ticket that asked for a code) stopped the member's earning. */
  blocked_now?: boolean;
  /** When blocked_now: the last claims that raised the score, oldest first. */
  evidence?: RiskEvidence[] | null;
} &
  /** next_ms: when a post can be offered next (app ms), when the rules can tell. */
  (
    | { empty: SurfEmptyReason; next_ms?: number | null }
    | {
        empty?: undefined;
        ticket: string;
        issued_ms: number;
        /** Credits a credited view earns the member (their level's, or one): the headline says it. */
        credits_per_view: number;
        challenge: string | null;
        post: Omit<PostFields, 'created_at'> & { created_ms: number };
      }
  );

/** surf_claim's answer: a refusal (the ticket is unchanged), or the outcome of the settled claim. */
export type ClaimRow =
  | { refusal: Exclude<SurfTicketRefusal, 'too_early'> }
  /** The ticket's start (app ms) and timer, for the seconds left. */
  | { refusal: 'too_early'; issued_ms: number; timer: number }
  | {
      refusal?: undefined;
      outcome: SurfClaimOutcome;
      /** The member's balance after the claim (bigint: a string or a number). */
      cc: number | string;
      /** Credits the view earned: the level's credits per view within the daily cap; 0 when not credited. */
      earned: number;
      /** The member's daily earning cap at the claim (their level's, or the site's). */
      daily_cap: number;
      /** Credits earned by surfing today, this view's included. */
      earned_today: number;
      /** Credits a credited view earns the member (their level's, or one). */
      credits_per_view: number;
      /** Credited, and the campaign has no credit left. */
      campaign_empty: boolean;
      /** The campaign's owner, when credited. */
      owner_id: number | null;
      /** This claim stopped the member's earning. */
      blocked_now: boolean;
      /** When blocked_now: the last claims that raised the score, oldest first. */
      evidence: RiskEvidence[] | null;
      next: OfferRow | null;
    };

/** What the post rotator keeps for a member. */
export interface RotatorSettings {
  languages: string[];
  /** Only posts carrying a tag the member follows (surf my tags). */
  myTags: boolean;
}

const SURF_NEXT = { name: 'surf_next', text: 'SELECT surf_next($1::jsonb) AS answer' };
const SURF_CLAIM = { name: 'surf_claim', text: 'SELECT surf_claim($1::jsonb) AS answer' };
const SURF_TERMS = { name: 'surf_terms', text: 'SELECT surf_terms($1::jsonb) AS answer' };

/** surf_expire's jsonb: when, after how long a challenge expires, and what a wrong answer does. */
export type SurfExpireParams = Pick<SurfOfferParams, 'now' | 'answers_kept' | 'wrong_codes_to_stop' | 'block_at'> & {
  minutes: number;
};

/** surf_expire's answer: each member whose challenges expired, and whether that stopped their earning. */
export type ExpiredRow = { user: number; blocked_now: boolean; evidence: RiskEvidence[] | null };

/**
 * The surf bar's reads and writes. surf_next and surf_claim (sql/surf_next.sql, sql/surf_claim.sql) are one round
 * trip and one commit each, sent as named prepared statements.
 */
@Injectable()
export class SurfRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Locks the member, replaces their open ticket, and offers the next post (or says why there is none). */
  async next(params: SurfOfferParams): Promise<OfferRow> {
    const [{ answer }] = await runPrepared<{ answer: OfferRow }>(this.dataSource, SURF_NEXT, [JSON.stringify(params)]);
    return answer;
  }

  /** Checks and settles a claim; with `next`, offers the next post in the same transaction. */
  async claim(params: SurfClaimParams): Promise<ClaimRow> {
    const [{ answer }] = await runPrepared<{ answer: ClaimRow }>(this.dataSource, SURF_CLAIM, [JSON.stringify(params)]);
    return answer;
  }

  /** The member's terms of earning now: the countdown, credits a view earns, today's cap and earnings, the review window. */
  async terms(params: SurfTermsParams): Promise<TermsRow> {
    const [{ answer }] = await runPrepared<{ answer: TermsRow }>(this.dataSource, SURF_TERMS, [JSON.stringify(params)]);
    return answer;
  }

  /** Settles without credit the challenged tickets left open too long, each a wrong answer (sql/surf_expire.sql). */
  async expireChallenges(params: SurfExpireParams): Promise<ExpiredRow[]> {
    const [{ answer }]: { answer: ExpiredRow[] }[] = await this.dataSource.query('SELECT surf_expire($1::jsonb) AS answer', [
      JSON.stringify(params),
    ]);
    return answer;
  }

  /**
   * Binds the member's open ticket `ticketId`, issued to connection `from`, to connection `to`.
   * Only an open ticket moves, so a settled or replaced one stays as it was.
   */
  async moveOpenTicket(ticketId: string, userId: number, from: string, to: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE view_tickets SET connection_id = $4 WHERE id = $1 AND viewer_id = $2 AND connection_id = $3 AND status = 'open'`,
      [ticketId, userId, from, to],
    );
  }

  /** The post a ticket was for: its id, its team (null: a member's own) and its text. */
  async postOfTicket(ticketId: string): Promise<{ pid: number; teamId: number | null; text: string } | null> {
    const [row]: { id: number; team_id: number | null; text: string }[] = await this.dataSource.query(
      `SELECT p.id, p.team_id, p.text FROM view_tickets t JOIN posts p ON p.id = t.post_id WHERE t.id = $1`,
      [ticketId],
    );
    return row ? { pid: row.id, teamId: row.team_id, text: row.text } : null;
  }

  /** The member's rotator choices: languages (none: all) and surf my tags. */
  async rotatorSettings(userId: number): Promise<RotatorSettings> {
    const [row]: { rotator_languages: string[]; rotator_my_tags: boolean }[] = await this.dataSource.query(
      `SELECT rotator_languages, rotator_my_tags FROM users WHERE id = $1`,
      [userId],
    );
    return { languages: row?.rotator_languages ?? [], myTags: row?.rotator_my_tags ?? false };
  }

  /** `myTags` undefined: left as it is. Answers the settings saved. */
  async saveRotatorSettings(userId: number, languages: string[], myTags: boolean | undefined): Promise<RotatorSettings> {
    // An UPDATE answers [rows, affected count].
    const [[row]]: [{ rotator_languages: string[]; rotator_my_tags: boolean }[], number] = await this.dataSource.query(
      `UPDATE users SET rotator_languages = $2, rotator_my_tags = coalesce($3, rotator_my_tags) WHERE id = $1
       RETURNING rotator_languages, rotator_my_tags`,
      [userId, languages, myTags ?? null],
    );
    return { languages: row.rotator_languages, myTags: row.rotator_my_tags };
  }

  async adminIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM users WHERE role = 'admin'`);
    return rows.map((row) => row.id);
  }

  /** Removes the rotation index's dead entries; SKIP_LOCKED leaves it to a vacuum already running. */
  async vacuumCampaigns(): Promise<void> {
    // On the pool: TypeORM would log a failure as a query error; the caller reports it as a warning.
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    await pool.query('VACUUM (SKIP_LOCKED) campaigns');
  }
}
