import { ERROR_STATUS, type ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';

/**
 * The one error type services throw. It carries what the user will read; the exception
 * filter turns it into the envelope and the status of its code.
 */
export class AppError extends Error {
  readonly status: number;
  readonly errors: ApiError[];

  constructor(
    readonly code: ErrorCode,
    heading: string,
    message: string,
    options: { link?: string; errors?: ApiError[] } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
    this.errors = options.errors ?? [{ heading, message, ...(options.link ? { link: options.link } : {}) }];
  }
}
