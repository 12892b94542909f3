import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Members' reports of posts and comments (`reports`), kept for the admins. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(reporterId: number, target: { pid: number | null; commentId: number | null }, reason: string): Promise<void> {
    await this.dataSource.query(`INSERT INTO reports (reporter_id, post_id, comment_id, reason) VALUES ($1, $2, $3, $4)`, [
      reporterId,
      target.pid,
      target.commentId,
      reason,
    ]);
  }
}
