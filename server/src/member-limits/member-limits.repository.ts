import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The member's fixed windows (`member_rate_windows`), one row per member and action. */
@Injectable()
export class MemberLimitsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts one more action in the member's window, starting a new window when the last one is
   * over; answers the count so far and the seconds until the window ends. One statement: two
   * concurrent calls cannot both read the same count.
   */
  async count(userId: number, action: string, windowSeconds: number): Promise<{ count: number; secondsLeft: number }> {
    const [row]: { count: number; seconds_left: number }[] = await this.dataSource.query(
      `INSERT INTO member_rate_windows AS w (user_id, action, window_start, count) VALUES ($1, $2, now(), 1)
       ON CONFLICT (user_id, action) DO UPDATE SET
         count = CASE WHEN w.window_start <= now() - make_interval(secs => $3) THEN 1 ELSE w.count + 1 END,
         window_start = CASE WHEN w.window_start <= now() - make_interval(secs => $3) THEN now() ELSE w.window_start END
       RETURNING count, ceil(extract(epoch FROM window_start + make_interval(secs => $3) - now()))::int AS seconds_left`,
      [userId, action, windowSeconds],
    );
    return { count: row.count, secondsLeft: Math.max(1, row.seconds_left) };
  }
}
