import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReportResolution, ReportTargetType } from '@shared/admin/reports.js';

/** One reported target of the queue, with its open reports (newest first, at most the page's share). */
export interface ReportQueueRecord {
  target_type: ReportTargetType;
  target_id: string;
  open_reports: number;
  last_reported_at: Date;
  pid: number;
  text: string;
  author_id: number;
  author_username: string;
  author_login_suspended: boolean;
  hidden: boolean;
  deleted: boolean;
  reports: { id: string; reason: string; created_at: string; reporter_id: number; reporter_username: string }[];
}

/** A reported post or comment, row-locked for the caller's transaction. */
export interface LockedTarget {
  authorId: number;
  hidden: boolean;
  /** The post it is, or the comment is on. */
  pid: number;
  /** The comment a reply answers; null for a post and a top-level comment. */
  parentId: number | null;
}

/** The open reports, one group per reported post or comment, and what closing them changes. */
const OPEN_TARGETS = `SELECT CASE WHEN post_id IS NOT NULL THEN 'post' ELSE 'comment' END AS target_type,
                             coalesce(post_id::bigint, comment_id) AS target_id,
                             count(*)::int AS open_reports, max(created_at) AS last_reported_at
                        FROM reports WHERE resolved_at IS NULL
                       GROUP BY 1, 2`;

const TABLE_OF: Record<ReportTargetType, { table: string; column: string; place: string }> = {
  post: { table: 'posts', column: 'post_id', place: 'id AS pid, NULL::bigint AS parent_id' },
  comment: { table: 'comments', column: 'comment_id', place: 'post_id AS pid, parent_id' },
};

/** The admin Reports queue's reads and writes. */
@Injectable()
export class AdminReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Reported targets with open reports, the most recently reported first, with their latest `latest` reports. */
  async queue(limit: number, offset: number, latest: number): Promise<{ rows: ReportQueueRecord[]; total: number }> {
    const rows: ReportQueueRecord[] = await this.dataSource.query(
      `WITH open AS (${OPEN_TARGETS}),
            page AS (SELECT * FROM open ORDER BY last_reported_at DESC, target_type, target_id LIMIT $1 OFFSET $2)
       SELECT page.target_type, page.target_id, page.open_reports, page.last_reported_at,
              coalesce(p.id, c.post_id) AS pid, coalesce(p.text, c.text) AS text,
              a.id AS author_id, a.username AS author_username, a.login_suspended AS author_login_suspended,
              coalesce(p.hidden_at, c.hidden_at) IS NOT NULL AS hidden,
              coalesce(p.deleted_at, c.deleted_at) IS NOT NULL AS deleted,
              (SELECT coalesce(json_agg(r ORDER BY r.id DESC), '[]') FROM (
                 SELECT r.id, r.reason, r.created_at, u.id AS reporter_id, u.username AS reporter_username
                   FROM reports r JOIN users u ON u.id = r.reporter_id
                  WHERE r.resolved_at IS NULL
                    AND CASE WHEN page.target_type = 'post' THEN r.post_id = page.target_id ELSE r.comment_id = page.target_id END
                  ORDER BY r.id DESC LIMIT $3) r) AS reports
         FROM page
         LEFT JOIN posts p ON page.target_type = 'post' AND p.id = page.target_id
         LEFT JOIN comments c ON page.target_type = 'comment' AND c.id = page.target_id
         JOIN users a ON a.id = coalesce(p.user_id, c.user_id)
        ORDER BY page.last_reported_at DESC, page.target_type, page.target_id`,
      [limit, offset, latest],
    );
    return { rows, total: await this.openTargets() };
  }

  /** How many posts and comments have open reports (the overview's count). */
  async openTargets(): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(`SELECT count(*)::int AS n FROM (${OPEN_TARGETS}) open`);
    return row.n;
  }

  async authorOf(type: ReportTargetType, id: number): Promise<number | null> {
    const [row]: { user_id: number }[] = await this.dataSource.query(
      `SELECT user_id FROM ${TABLE_OF[type].table} WHERE id = $1`,
      [id],
    );
    return row?.user_id ?? null;
  }

  async lockTarget(manager: EntityManager, type: ReportTargetType, id: number): Promise<LockedTarget | null> {
    const [row]: { user_id: number; hidden: boolean; pid: number; parent_id: string | null }[] = await manager.query(
      `SELECT user_id, hidden_at IS NOT NULL AS hidden, ${TABLE_OF[type].place} FROM ${TABLE_OF[type].table} WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row
      ? {
          authorId: row.user_id,
          hidden: row.hidden,
          pid: row.pid,
          parentId: row.parent_id === null ? null : Number(row.parent_id),
        }
      : null;
  }

  async hide(manager: EntityManager, type: ReportTargetType, id: number): Promise<void> {
    await manager.query(`UPDATE ${TABLE_OF[type].table} SET hidden_at = coalesce(hidden_at, now()) WHERE id = $1`, [id]);
  }

  /** Closes every open report of the target; answers the ids closed. */
  async closeReports(
    manager: EntityManager,
    type: ReportTargetType,
    id: number,
    resolution: ReportResolution,
  ): Promise<number[]> {
    const rows: { id: string }[] = await manager.query(
      `WITH closed AS (UPDATE reports SET resolved_at = now(), resolution = $2
                        WHERE ${TABLE_OF[type].column} = $1 AND resolved_at IS NULL RETURNING id)
       SELECT id FROM closed ORDER BY id`,
      [id, resolution],
    );
    return rows.map((row) => Number(row.id));
  }
}
