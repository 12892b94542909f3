import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { VoidReason } from '../../shared/earnings/earnings.js';

/** A credited surf view as surf_claim leaves it, arranged straight in the database. */
export interface CreditedView {
  viewerId: number;
  pid: number;
  /** What the view earned the viewer (default 1). */
  earned?: number;
  /** When it was claimed (default now). */
  claimedAt?: Date;
  /** When what it earned may be spent; null: at once (default). */
  maturesAt?: Date | null;
}

/** Inserts a claimed ticket; answers its id. Moves no balance and writes no ledger row. */
export async function creditedView(db: pg.Client, view: CreditedView): Promise<string> {
  const id = randomUUID();
  const claimedAt = view.claimedAt ?? new Date();
  await db.query(
    `INSERT INTO view_tickets (id, viewer_id, post_id, connection_id, timer_seconds, status, issued_at, claimed_at, earned, matures_at)
     VALUES ($1, $2, $3, 'tab', 15, 'claimed', $4, $4, $5, $6)`,
    [id, view.viewerId, view.pid, claimedAt, view.earned ?? 1, view.maturesAt ?? null],
  );
  return id;
}

/**
 * Voids a credited view as the earnings review does for the advertiser: the category on the
 * ticket and its credit back to the campaign under `void:<ticket>` (an admin's refund: kind
 * `fraud_refund` under `fraud_refund:<ticket>`), the campaign's balance moved in the same
 * statement. The viewer's side is left alone.
 */
export async function voidView(db: pg.Client, ticketId: string, reason: VoidReason): Promise<void> {
  const admin = reason === 'admin';
  await db.query(
    `WITH voided AS (
       UPDATE view_tickets SET voided_at = now(), void_reason = $2 WHERE id = $1 RETURNING post_id
     ), refunded AS (
       SELECT ledger_append($3, jsonb_build_array(jsonb_build_object(
                'account', 'campaign', 'campaign_id', (SELECT post_id FROM voided), 'kind', $4::text, 'amount', 1))) AS applied
     )
     UPDATE campaigns SET credits = credits + 1 WHERE post_id = (SELECT post_id FROM voided) AND (SELECT applied FROM refunded)`,
    [ticketId, reason, `${admin ? 'fraud_refund' : 'void'}:${ticketId}`, admin ? 'fraud_refund' : 'view_refunded'],
  );
}
