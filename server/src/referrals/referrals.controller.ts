import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Paged, ReferralRow } from '@shared/accounts/account.answers.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';

const PAGE_SIZE = 20;

/** The members who signed up through the user's dem_rf0 link, newest first. */
@Controller('referrals')
export class ReferralsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @Auth()
  async list(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<Paged<ReferralRow>> {
    const rows: { username: string; created_at: Date; referral_source: Record<string, string> | null; total: number }[] =
      await this.dataSource.query(
        `SELECT username, created_at, referral_source, count(*) OVER ()::int AS total
           FROM users WHERE referrer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [auth.user.id, PAGE_SIZE, (page - 1) * PAGE_SIZE],
      );
    const total = rows[0]?.total ?? (page > 1 ? await this.count(auth.user.id) : 0);
    return {
      items: rows.map((row) => ({
        username: row.username,
        joinedAt: row.created_at.toISOString(),
        website: sourceWebsite(row.referral_source),
      })),
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      total,
    };
  }

  private async count(userId: number): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE referrer_id = $1`, [userId]);
    return row.n;
  }
}

/** The site the visitor came from: the rr1 referrer, else the document referrer, as a host name. */
function sourceWebsite(source: Record<string, string> | null): string {
  const candidate = source?.HTTP_REFERER || source?.docref || '';
  try {
    return candidate ? new URL(candidate).host : '';
  } catch {
    return candidate.slice(0, 100);
  }
}
