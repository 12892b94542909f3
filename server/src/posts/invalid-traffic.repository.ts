import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CampaignInvalidTraffic } from '@shared/campaigns/campaigns.js';
import { VOID_REASONS, type VoidReason } from '@shared/earnings/earnings.js';
import { ownedBy, type Advertiser } from '../auth/advertiser.js';

/** Whose posts a read of invalid traffic covers: these posts, or every live post of an account. */
export type InvalidTrafficPosts = { pids: number[] } | { owner: Advertiser };

/** Voided views of one post and one category, and the credits that went back for them. */
interface VoidedRow {
  post_id: number;
  void_reason: string | null;
  views: number;
  credits: number;
}

/** Refunded views by category, before they are sorted. */
type ByReason = Map<VoidReason, number>;

const NONE: CampaignInvalidTraffic = { refunded: 0, creditsReturned: 0, byReason: [] };

const isVoidReason = (value: string | null): value is VoidReason => VOID_REASONS.includes(value as VoidReason);

/**
 * The views of advertisers' posts that the earnings review (or an admin's refund) voided as
 * invalid, counted by post and category for Campaigns and Detailed Stats. A voided ticket keeps
 * its category (`view_tickets.void_reason`); the credits returned are the ledger's refund rows
 * of that ticket (the review's `void:<ticket>`, an admin's `fraud_refund:<ticket>`), to the
 * campaign or, for a deleted post, to its writer or team. Who viewed is never read: an
 * advertiser learns how many and why, never whom. Each read is one grouped query through the
 * partial index `view_tickets_voided` (post, voided_at), which holds voided views only.
 */
@Injectable()
export class InvalidTrafficRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Each post's refunded views over its whole life; a post with none is left out. */
  async byPost(posts: InvalidTrafficPosts): Promise<Map<number, CampaignInvalidTraffic>> {
    const rows = await this.voided(posts);
    const byPost = new Map<number, VoidedRow[]>();
    for (const row of rows) byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), row]);
    return new Map([...byPost].map(([pid, ofPost]) => [pid, invalidTrafficOf(ofPost)]));
  }

  /** The posts' refunded views together, of the views claimed from `start` until before `end`. */
  async claimedBetween(posts: InvalidTrafficPosts, start: Date, end: Date): Promise<CampaignInvalidTraffic> {
    return invalidTrafficOf(await this.voided(posts, { start, end }));
  }

  private voided(posts: InvalidTrafficPosts, claimed?: { start: Date; end: Date }): Promise<VoidedRow[]> {
    const [condition, value] = postsCondition(posts);
    // A view is voided after it was claimed, so the claim's bounds also bound voided_at from below (the index's second column).
    const period = claimed ? `AND t.voided_at >= $2 AND t.claimed_at >= $2 AND t.claimed_at < $3` : '';
    return this.dataSource.query(
      `SELECT t.post_id, t.void_reason, count(*)::int AS views, coalesce(sum(back.credits), 0)::int AS credits
         FROM view_tickets t
         LEFT JOIN LATERAL (
           SELECT sum(l.amount) AS credits FROM credit_ledger l
            WHERE l.idempotency_key IN ('void:' || t.id, 'fraud_refund:' || t.id)
              AND l.kind IN ('view_refunded', 'fraud_refund') AND l.amount > 0
         ) back ON true
        WHERE ${condition} AND t.voided_at IS NOT NULL ${period}
        GROUP BY t.post_id, t.void_reason`,
      claimed ? [value, claimed.start, claimed.end] : [value],
    );
  }
}

/** The condition on `t.post_id` selecting the posts, with its one parameter ($1). */
function postsCondition(posts: InvalidTrafficPosts): [string, number[] | number] {
  if ('pids' in posts) return ['t.post_id = ANY($1::int[])', posts.pids];
  const [owned, owner] = ownedBy(posts.owner, 1);
  return [`t.post_id IN (SELECT p.id FROM posts p WHERE ${owned} AND p.deleted_at IS NULL)`, owner];
}

/**
 * Voided rows summed: every voided view counts as refunded; a category the contract does not
 * know (none recorded) counts there only. Categories largest first, then in the contract's order.
 */
export function invalidTrafficOf(rows: readonly Pick<VoidedRow, 'void_reason' | 'views' | 'credits'>[]): CampaignInvalidTraffic {
  if (rows.length === 0) return NONE;
  const byReason: ByReason = new Map();
  let refunded = 0;
  let creditsReturned = 0;
  for (const row of rows) {
    refunded += row.views;
    creditsReturned += row.credits;
    if (isVoidReason(row.void_reason)) byReason.set(row.void_reason, (byReason.get(row.void_reason) ?? 0) + row.views);
  }
  return {
    refunded,
    creditsReturned,
    byReason: [...byReason]
      .map(([reason, views]) => ({ reason, views }))
      .sort((a, b) => b.views - a.views || VOID_REASONS.indexOf(a.reason) - VOID_REASONS.indexOf(b.reason)),
  };
}

/** A campaign's refunded views from a read by post; none when the post had none. */
export function invalidTrafficOfPost(byPost: Map<number, CampaignInvalidTraffic>, pid: number): CampaignInvalidTraffic {
  return byPost.get(pid) ?? NONE;
}
