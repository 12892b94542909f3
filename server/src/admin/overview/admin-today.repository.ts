import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AdminRevenue } from '@shared/admin/overview-today.js';

/** Today's site-wide figures for the admin Overview, each read since the instant given. */
@Injectable()
export class AdminTodayRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Accounts created, post views and credited views since `since`, and unopened contact messages. */
  async countsSince(since: Date): Promise<{ signups: number; postViews: number; creditedViews: number; unreadMessages: number }> {
    const [row]: { signups: number; post_views: number; credited_views: number; unread: number }[] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM users WHERE created_at >= $1) AS signups,
              (SELECT coalesce(sum(viewed), 0)::int FROM post_stats_hourly WHERE hour >= $1) AS post_views,
              (SELECT coalesce(sum(credited), 0)::int FROM post_stats_hourly WHERE hour >= $1) AS credited_views,
              (SELECT count(*)::int FROM contact_messages WHERE read_at IS NULL) AS unread`,
      [since],
    );
    return { signups: row.signups, postViews: row.post_views, creditedViews: row.credited_views, unreadMessages: row.unread };
  }

  /** Orders paid since `since` and still paid (not refunded or charged back), summed per currency. */
  async revenueSince(since: Date): Promise<AdminRevenue[]> {
    const rows: { currency: string; amount_minor: string; orders: number }[] = await this.dataSource.query(
      `SELECT currency, sum(amount_minor)::bigint AS amount_minor, count(*)::int AS orders
         FROM orders
        WHERE state = 'paid' AND settled_at >= $1
        GROUP BY currency
        ORDER BY 2 DESC, 1`,
      [since],
    );
    return rows.map((row) => ({ currency: row.currency, amountMinor: Number(row.amount_minor), orders: row.orders }));
  }
}
