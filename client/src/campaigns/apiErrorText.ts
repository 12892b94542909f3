import type { ApiError } from '@shared/api/envelope.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';

/**
 * One line for an inline refusal: "Not enough credits. You do not have that many credits."
 * A refusal of one field needs no heading beside that field.
 */
export function apiErrorText(errors: readonly ApiError[], status: number): string {
  return errorsOrFallback(errors, status)
    .map((error) => (error.field || !error.heading ? error.message : `${error.heading}. ${error.message}`))
    .join(' ');
}
