import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The landing page's figures, from counters the site keeps anyway. */
@Injectable()
export class LandingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Accounts, and the paid views of today and in all (the campaigns' own counters: no scan of the views). */
  async figures(): Promise<{ members: number; viewsToday: number; viewsInAll: number }> {
    const [row]: { members: number; views_today: string; views_in_all: string }[] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM users) AS members,
              (SELECT coalesce(sum(views_today), 0) FROM campaigns WHERE views_day = current_date) AS views_today,
              (SELECT coalesce(sum(views_total), 0) FROM campaigns) AS views_in_all`,
    );
    return { members: row.members, viewsToday: Number(row.views_today), viewsInAll: Number(row.views_in_all) };
  }
}
