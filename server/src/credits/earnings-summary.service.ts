import { Injectable } from '@nestjs/common';
import { viewsLeftToday, type EarningsSummary } from '@shared/earnings/earnings.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { CreditsRepository } from './credits.repository.js';
import { EarningTerms } from './earning-terms.js';

const MEMBER_NOT_FOUND = new AppError(ErrorCode.NotFound, 'Not found', 'This account no longer exists.');

/**
 * A member's own earnings, for the header and the surf bar: the balance, the part of it still in
 * review (it cannot be spent, moved to a team or given to a campaign until it matures), what is
 * available now and when more becomes available, today's earnings against today's cap, and how
 * long new earnings stay in review. Always the member's own, whichever team their tab acts for:
 * a team never surfs.
 */
@Injectable()
export class EarningsSummaryService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly terms: EarningTerms,
  ) {}

  async of(userId: number): Promise<EarningsSummary> {
    const [earnings, terms] = await Promise.all([this.credits.earningsOfUser(userId), this.terms.earningTerms(userId)]);
    if (!earnings) throw MEMBER_NOT_FOUND;
    // A correction (an admin's adjustment, a refunded purchase) may leave less than is in review.
    const pending = Math.min(earnings.pending, earnings.credits);
    return {
      credits: earnings.credits,
      available: earnings.credits - pending,
      pending,
      nextMatureMs: pending > 0 ? (earnings.nextMatureAt?.getTime() ?? null) : null,
      earnedToday: earnings.earnedToday,
      capToday: terms.capToday,
      creditsPerView: terms.creditsPerView,
      viewsLeftToday: viewsLeftToday(earnings.earnedToday, terms.capToday, terms.creditsPerView),
      reviewMinutes: terms.reviewMinutes,
      emailConfirmed: earnings.emailConfirmed,
    };
  }
}
