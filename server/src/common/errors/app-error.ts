import { ERROR_STATUS, type ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';

/** The typed fields an error may carry besides its words (see `ApiError`). */
export type AppErrorFields = Pick<ApiError, 'link' | 'field' | 'retryAfter' | 'limit'>;

/**
 * The one error type services throw. It carries its code, what the user will read and the
 * typed fields the client acts on; the exception filter turns it into the envelope and the
 * status of its code.
 */
export class AppError extends Error {
  readonly status: number;
  readonly errors: ApiError[];

  constructor(
    readonly code: ErrorCode,
    heading: string,
    message: string,
    options: AppErrorFields & { errors?: ApiError[] } = {},
  ) {
    super(message);
    const { errors, ...fields } = options;
    this.status = ERROR_STATUS[code];
    this.errors = errors ?? [{ code, heading, message, ...definedFields(fields) }];
  }
}

function definedFields(fields: AppErrorFields): AppErrorFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
