import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** What a report is about: a post or a comment (exactly one of the two). */
export interface ReportedTarget {
  pid: number | null;
  commentId: number | null;
}

/** Members' reports of posts and comments (`reports`), kept for the admins. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Serialises the reports of one target until the transaction ends, so that of two reports
   * arriving together only one finds no open report before it.
   */
  async lockTarget(manager: EntityManager, target: ReportedTarget): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [targetKey(target)]);
  }

  async hasOpenReport(manager: EntityManager, target: ReportedTarget): Promise<boolean> {
    const [row]: { open: boolean }[] = await manager.query(
      target.pid !== null
        ? `SELECT EXISTS (SELECT 1 FROM reports WHERE post_id = $1 AND resolved_at IS NULL) AS open`
        : `SELECT EXISTS (SELECT 1 FROM reports WHERE comment_id = $1 AND resolved_at IS NULL) AS open`,
      [target.pid ?? target.commentId],
    );
    return row.open;
  }

  async insert(manager: EntityManager, reporterId: number, target: ReportedTarget, reason: string): Promise<void> {
    await manager.query(`INSERT INTO reports (reporter_id, post_id, comment_id, reason) VALUES ($1, $2, $3, $4)`, [
      reporterId,
      target.pid,
      target.commentId,
      reason,
    ]);
  }

  async adminIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM users WHERE role = 'admin' ORDER BY id`);
    return rows.map((row) => row.id);
  }
}

function targetKey(target: ReportedTarget): string {
  return target.pid !== null ? `report:post:${target.pid}` : `report:comment:${target.commentId}`;
}
