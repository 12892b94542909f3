import type { ReviewCategory } from '@shared/admin/earnings-review.js';
import { PATHS } from '@shared/routing/routes.js';
import type { NewNotification } from '../notifications/notifications.repository.js';

/** Why the views were not counted, as the member reads it: what the review saw, in plain words. */
export const MEMBER_REASONS: Record<ReviewCategory, string> = {
  stopped: 'earning on your account was stopped because the surf bar saw automated surfing',
  wrong_answers: 'several verification codes were answered wrongly or skipped',
  inhuman_latency: 'verification codes were answered faster than a person can read them',
  timing_signature: 'your clicks were timed exactly like those of other accounts, as software does',
  shared_device: 'several accounts earned from the same device, and each person may earn with one account only',
  shared_address: 'several accounts earned from the same internet connection at the same time',
  fresh_account_burst:
    'several new accounts were created together from the same place, and each person may earn with one account only',
};

/**
 * A member is told of a void once a day at most: one who keeps earning the same way has views
 * voided at every review, and the first notice already says what and why (every void is in the
 * audit log).
 */
export const NOTICE_EVERY_HOURS = 24;

/** Whether a void is to be told, given when the review last voided views of the member's before this one. */
export function noticeDue(lastVoidAt: Date | null, now = new Date()): boolean {
  return lastVoidAt === null || now.getTime() - lastVoidAt.getTime() >= NOTICE_EVERY_HOURS * 3_600_000;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The member's notification of a void: how many views and credits, why, what it means, and where to appeal. */
export function voidNotice(category: ReviewCategory, views: number, credits: number): NewNotification {
  return {
    type: 'earnings_voided',
    heading: 'Some recent views were not counted',
    body:
      `We did not count ${plural(views, 'view')} (${plural(credits, 'credit')}) you made recently: ${MEMBER_REASONS[category]}. ` +
      'The advertisers got their credits back. Credits you had already been able to spend are not affected. ' +
      'If you think we got it wrong, write to us from the Contact page.',
    link: PATHS.contact,
  };
}
