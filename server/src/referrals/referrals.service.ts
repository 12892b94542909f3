import { Injectable } from '@nestjs/common';
import type { Paged, ReferralRow } from '@shared/accounts/account.answers.js';
import { ReferralsRepository } from './referrals.repository.js';

const PAGE_SIZE = 20;

/** The members who signed up through the user's dem_rf0 link, newest first. */
@Injectable()
export class ReferralsService {
  constructor(private readonly referrals: ReferralsRepository) {}

  async page(userId: number, page: number): Promise<Paged<ReferralRow>> {
    const { items, total: pageTotal } = await this.referrals.pageOf(userId, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    const total = pageTotal ?? (page > 1 ? await this.referrals.countOf(userId) : 0);
    return {
      items: items.map((member) => ({
        username: member.username,
        joinedAt: member.joinedAt.toISOString(),
        website: sourceWebsite(member.source),
      })),
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      total,
    };
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
