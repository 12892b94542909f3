import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../errors/app-error.js';

/**
 * Validates a payload with a schema from shared/; a ZodError becomes one 400 item per field.
 * Strings with a NUL character are refused here too: PostgreSQL text cannot store them.
 */
@Injectable()
export class ZodValidationPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const parsed = this.schema.parse(value ?? {});
    const field = findNulCharacter(parsed, []);
    if (field !== null) {
      throw new AppError(
        ErrorCode.Validation,
        `Invalid ${field || 'request'}`,
        'This text contains a character that is not allowed.',
        field ? { field } : {},
      );
    }
    return parsed;
  }
}

function findNulCharacter(value: unknown, path: string[]): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = findNulCharacter(child, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
