import { HttpException } from '@nestjs/common';
import { ZodError } from 'zod';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import { AppError } from './app-error.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.js';

export interface ErrorResponse {
  status: number;
  errors: ApiError[];
  /** True when the failure is ours, not the caller's: it gets logged with the request id. */
  unexpected: boolean;
}

/** The database cannot be reached: nothing is wrong with the request, it may succeed in a moment. */
const DATABASE_UNAVAILABLE: ApiError = {
  code: ErrorCode.Unavailable,
  heading: 'Reconnecting',
  message: 'We cannot reach our database right now. Please try again in a moment.',
  retryAfter: DATABASE_RETRY_AFTER_SECONDS,
};

/**
 * What users read for statuses that reach us from the framework rather than from AppError. A
 * framework status not listed answers 400: 406 in particular (which @fastify/multipart uses for
 * bad form data) means "session ended" to the client, and only the auth guard may say that.
 */
const FRAMEWORK_ERRORS: Record<number, ApiError> = {
  400: {
    code: ErrorCode.BadRequest,
    heading: 'Invalid request',
    message: 'The request could not be read. Please check what you sent.',
  },
  401: { code: ErrorCode.Unauthenticated, heading: 'Please log in', message: 'You need to be logged in to do this.' },
  403: { code: ErrorCode.Forbidden, heading: 'Not allowed', message: 'You are not allowed to do this.' },
  404: { code: ErrorCode.NotFound, heading: 'Not found', message: 'What you asked for does not exist.' },
  405: { code: ErrorCode.MethodNotAllowed, heading: 'Not allowed', message: 'This method is not allowed here.' },
  413: { code: ErrorCode.PayloadTooLarge, heading: 'Too large', message: 'The request is too large.' },
  414: { code: ErrorCode.UriTooLong, heading: 'Address too long', message: 'The address of this request is too long.' },
  415: {
    code: ErrorCode.UnsupportedMediaType,
    heading: 'Unsupported format',
    message: 'The request body must be JSON or form data.',
  },
  431: {
    code: ErrorCode.HeadersTooLarge,
    heading: 'Request too large',
    message: 'This request carries too much data in its headers. Clearing this site’s cookies may help.',
  },
  429: { code: ErrorCode.RateLimited, heading: 'Slow down', message: 'Too many requests. Please try again in a minute.' },
};

/**
 * Maps any thrown value to a status and the envelope's error items. No message of an
 * unexpected error, stack trace or SQL text ever leaves the server through here.
 */
export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  if (error instanceof AppError) {
    return { status: error.status, errors: error.errors, unexpected: false };
  }
  if (error instanceof ZodError) {
    return { status: 400, errors: zodErrors(error), unexpected: false };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, errors: [DATABASE_UNAVAILABLE], unexpected: false };
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    const known = FRAMEWORK_ERRORS[status];
    return known
      ? { status, errors: [known], unexpected: false }
      : { status: 400, errors: [FRAMEWORK_ERRORS[400]], unexpected: false };
  }
  return {
    status: 500,
    errors: [
      {
        code: ErrorCode.Internal,
        heading: 'Something went wrong',
        message: `Something went wrong on our side and we have been told. Please try again. (Reference: ${requestId})`,
      },
    ],
    unexpected: true,
  };
}

/** The wait an answer's errors ask for (rate limits, an unreachable database), for its Retry-After header. */
export function retryAfterOf(errors: readonly ApiError[]): number | undefined {
  return errors.find((item) => item.retryAfter !== undefined)?.retryAfter;
}

/** One error item per bad field, named after the field so a form can show it next to it. */
function zodErrors(error: ZodError): ApiError[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    return {
      code: ErrorCode.Validation,
      heading: `Invalid ${field || 'request'}`,
      message: issue.message,
      ...(field ? { field } : {}),
    };
  });
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpException) return error.getStatus();
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const code = (error as { statusCode: unknown }).statusCode;
    if (typeof code === 'number') return code;
  }
  return undefined;
}
