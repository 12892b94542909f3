import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { StoredAnswer } from './idempotent-request.entity.js';

/** How long a key is kept: a retry later than this is a new request. */
const KEPT_FOR = '1 day';

export interface KeyedRequest {
  userId: number;
  key: string;
  route: string;
  requestHash: string;
}

export interface StoredRequest {
  request_hash: string;
  status: 'started' | 'answered';
  answer: StoredAnswer | null;
  /** Seconds since a process took the request up. */
  claimed_seconds_ago: number;
}

/** The keyed requests of members: claimed before the work, answered after it. */
@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Claims the key for this request; false when the member used it already (then `stored` says
   * how). The member's keys older than a day are let go on the way.
   */
  async claim(request: KeyedRequest): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH expired AS (
         DELETE FROM idempotent_requests
          WHERE user_id = $1 AND key <> $2 AND created_at < now() - interval '${KEPT_FOR}')
       INSERT INTO idempotent_requests (user_id, key, route, request_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
      [request.userId, request.key, request.route, request.requestHash],
    );
    return rows.length > 0;
  }

  async stored(userId: number, key: string): Promise<StoredRequest | null> {
    const [row]: StoredRequest[] = await this.dataSource.query(
      `SELECT request_hash, status, answer, extract(epoch FROM now() - claimed_at)::float8 AS claimed_seconds_ago
         FROM idempotent_requests WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return row ?? null;
  }

  /**
   * Takes up a request that was started but never answered (its process died, or it was
   * released) once it has been left for `abandonedAfterSeconds`; false when another process
   * took it up first or it was answered meanwhile.
   */
  async takeUpAbandoned(userId: number, key: string, abandonedAfterSeconds: number): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE idempotent_requests SET claimed_at = now()
        WHERE user_id = $1 AND key = $2 AND status = 'started'
          AND claimed_at <= now() - make_interval(secs => $3) RETURNING 1`,
      [userId, key, abandonedAfterSeconds],
    );
    return rows.length > 0;
  }

  async answer(userId: number, key: string, answer: StoredAnswer): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotent_requests SET status = 'answered', answer = $3 WHERE user_id = $1 AND key = $2`,
      [userId, key, JSON.stringify(answer)],
    );
  }

  /** The request failed without an answer to keep: a retry of it may take it up at once. */
  async release(userId: number, key: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotent_requests SET claimed_at = '-infinity' WHERE user_id = $1 AND key = $2 AND status = 'started'`,
      [userId, key],
    );
  }
}
