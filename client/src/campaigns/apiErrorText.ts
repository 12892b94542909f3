import type { ApiError } from '@shared/api/envelope.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';

/** Where membership levels are bought: a refusal for the active campaigns limit links there. */
export const LEVELS_PATH = '/billing';

/** The refusal to start or resume a campaign past the account's limit, in the campaign screens' words. */
export function activeCampaignsLimitText(limit: number | undefined): string {
  const how = limit === undefined ? 'as many campaigns as it allows' : `${limit} campaign${limit === 1 ? '' : 's'}`;
  return (
    `Too many running campaigns. This account's membership level runs ${how} at once: ` +
    'pause a running campaign first, or choose a higher level.'
  );
}

/**
 * One line for an inline refusal: "Not enough credits. You do not have that many credits."
 * A refusal of one field needs no heading beside that field.
 */
export function apiErrorText(errors: readonly ApiError[], status: number): string {
  return errorsOrFallback(errors, status)
    .map((error) => {
      if (error.code === ErrorCode.ActiveCampaignsLimit) return activeCampaignsLimitText(error.limit);
      return error.field || !error.heading ? error.message : `${error.heading}. ${error.message}`;
    })
    .join(' ');
}

/** The page a refusal points to: the levels for sale when the active campaigns limit refused it. */
export function apiErrorLink(errors: readonly ApiError[]): string | undefined {
  return errors.some((error) => error.code === ErrorCode.ActiveCampaignsLimit) ? LEVELS_PATH : undefined;
}
