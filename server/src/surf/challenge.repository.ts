import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { runPrepared } from '../database/prepared.js';

/** What asking for a ticket's code by email came to. */
export type EmailSwitch =
  /** The ticket now asks for the emailed code. */
  | 'switched'
  /** Not the member's open challenged ticket. */
  | 'not_found'
  /** This ticket's code went by email already. */
  | 'already_emailed'
  /** The member had today's emailed codes already. */
  | 'daily_limit';

const PICTURE_CODE = {
  name: 'surf_challenge_picture_code',
  text: `UPDATE view_tickets SET challenge_seen_at = coalesce(challenge_seen_at, now())
          WHERE id = $1 AND viewer_id = $2 AND status = 'open' AND challenge_code IS NOT NULL AND challenge_mode IS NULL
          RETURNING challenge_code`,
};

/** The challenge columns of `view_tickets`: the picture's code, and the switch to a code sent by email. */
@Injectable()
export class ChallengeRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The code the picture of the member's open ticket shows, noting when the picture was first
   * fetched (an answer sooner after it than a person reads is a signal for the earnings review);
   * null when the ticket is not theirs, not open, not challenged, or answered by email (its code
   * then is the mailed one, never drawn).
   */
  async pictureCode(ticketId: string, userId: number): Promise<string | null> {
    const [row] = await runPrepared<{ challenge_code: string }>(this.dataSource, PICTURE_CODE, [ticketId, userId]);
    return row?.challenge_code ?? null;
  }

  /**
   * Makes the member's open challenged ticket ask for `code` (to be mailed) instead of the
   * picture's: once per ticket, and only while the member has had fewer than `perDay` codes by
   * email for tickets issued today. The ticket's row lock makes a second request for the same
   * ticket wait and then find it switched; a member has one open ticket at a time.
   */
  async switchToEmail(ticketId: string, userId: number, code: string, perDay: number): Promise<EmailSwitch> {
    const [row]: { found: boolean; mode: string | null; sent_today: number; switched: boolean }[] = await this.dataSource.query(
      `WITH ticket AS (
         SELECT id, challenge_mode FROM view_tickets
          WHERE id = $1 AND viewer_id = $2 AND status = 'open' AND challenge_code IS NOT NULL
          FOR UPDATE
       ), sent AS (
         SELECT count(*)::int AS today FROM view_tickets
          WHERE viewer_id = $2 AND challenge_mode = 'email' AND issued_at >= current_date
       ), switched AS (
         UPDATE view_tickets v SET challenge_code = $3, challenge_mode = 'email'
           FROM ticket, sent
          WHERE v.id = ticket.id AND ticket.challenge_mode IS NULL AND sent.today < $4
         RETURNING v.id
       )
       SELECT EXISTS (SELECT 1 FROM ticket) AS found, (SELECT challenge_mode FROM ticket) AS mode,
              (SELECT today FROM sent) AS sent_today, EXISTS (SELECT 1 FROM switched) AS switched`,
      [ticketId, userId, code, perDay],
    );
    if (row.switched) return 'switched';
    if (!row.found) return 'not_found';
    return row.mode === 'email' ? 'already_emailed' : 'daily_limit';
  }
}
