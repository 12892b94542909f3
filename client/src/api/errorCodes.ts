import type { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';

/** True when the server refused with one of these codes: what screens branch on, never the wording. */
export function hasErrorCode(errors: readonly ApiError[] | undefined, ...codes: ErrorCode[]): boolean {
  return errors?.some((error) => codes.includes(error.code)) ?? false;
}
