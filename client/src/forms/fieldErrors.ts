import type { ApiError } from '@shared/api/envelope.js';
import { ErrorCode } from '@shared/api/error-codes.js';

/** What a form shows beside one field: a message, and a link when the server gave one. */
export interface FieldError {
  message: string;
  link?: string;
}

export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

/** The shape of a zod issue, without importing zod into code that only reads issues. */
export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per field from a schema's issues; issues of other paths are dropped. */
export function issuesToFieldErrors<F extends string>(issues: readonly ValidationIssue[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && !errors[field]) errors[field] = { message: issue.message };
  }
  return errors;
}

/** Errors naming one of the form's fields go beside it, every other error above the form. */
export function splitApiErrors<F extends string>(
  errors: readonly ApiError[],
  fields: readonly F[],
): { fields: FieldErrors<F>; form: ApiError[] } {
  const byField: FieldErrors<F> = {};
  const form: ApiError[] = [];
  for (const error of errors) {
    const field = error.field as F | undefined;
    if (field && fields.includes(field)) {
      if (!byField[field]) byField[field] = { message: error.message, ...(error.link ? { link: error.link } : {}) };
    } else {
      form.push(error);
    }
  }
  return { fields: byField, form };
}

/** A failure with nothing to show from the server still needs words. */
export function errorsOrFallback(errors: readonly ApiError[], status: number): ApiError[] {
  if (errors.length > 0) return [...errors];
  if (status === 0) {
    return [
      {
        code: ErrorCode.Unreachable,
        heading: 'No connection',
        message: 'We could not reach the server. Please check your connection and try again.',
      },
    ];
  }
  return [{ code: ErrorCode.Internal, heading: 'Something went wrong', message: 'Please try again in a moment.' }];
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
