import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Feeler, FeelCounts, FeelKind } from '@shared/feed/feels.js';
import { notBlockedEitherWay } from '../blocks/blocks.repository.js';

/** What feels are on: posts (`post_feels`) or comments (`comment_feels`). */
export type FeelOn = 'post' | 'comment';

const TABLES: Record<FeelOn, { table: string; column: string }> = {
  post: { table: 'post_feels', column: 'post_id' },
  comment: { table: 'comment_feels', column: 'comment_id' },
};

/** Members' feels on posts and comments: one per member and thing. */
@Injectable()
export class FeelsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Gives the member's feel, or changes the one they gave. */
  async put(on: FeelOn, id: number, userId: number, kind: FeelKind): Promise<void> {
    const { table, column } = TABLES[on];
    await this.dataSource.query(
      `INSERT INTO ${table} (${column}, user_id, kind) VALUES ($1, $2, $3)
       ON CONFLICT (${column}, user_id) DO UPDATE SET kind = EXCLUDED.kind, created_at = now()`,
      [id, userId, kind],
    );
  }

  async remove(on: FeelOn, id: number, userId: number): Promise<void> {
    const { table, column } = TABLES[on];
    await this.dataSource.query(`DELETE FROM ${table} WHERE ${column} = $1 AND user_id = $2`, [id, userId]);
  }

  async counts(on: FeelOn, id: number): Promise<FeelCounts> {
    const { table, column } = TABLES[on];
    const rows: { kind: FeelKind; n: number }[] = await this.dataSource.query(
      `SELECT kind, count(*)::int AS n FROM ${table} WHERE ${column} = $1 GROUP BY kind`,
      [id],
    );
    return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
  }

  /** Who gave feels (of one kind, when given), newest first, leaving out members blocked either way with the viewer. */
  feelers(
    on: FeelOn,
    id: number,
    viewerId: number | null,
    kind: FeelKind | undefined,
    limit: number,
    offset: number,
  ): Promise<Feeler[]> {
    const { table, column } = TABLES[on];
    return this.dataSource.query(
      `SELECT u.id, u.username, u.first_name, f.kind FROM ${table} f JOIN users u ON u.id = f.user_id
        WHERE f.${column} = $1 AND ($3::text IS NULL OR f.kind = $3)
          AND ${notBlockedEitherWay('$2::int', 'f.user_id')}
        ORDER BY f.created_at DESC, f.user_id DESC LIMIT $4 OFFSET $5`,
      [id, viewerId, kind ?? null, limit, offset],
    );
  }
}
