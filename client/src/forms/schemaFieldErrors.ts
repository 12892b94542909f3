import type { ZodType } from 'zod';
import { issuesToFieldErrors, type FieldErrors } from './fieldErrors.js';

/** A shared payload schema's verdict on form values, as one message per field. */
export function schemaFieldErrors<F extends string>(schema: ZodType, values: unknown, fields: readonly F[]): FieldErrors<F> {
  const result = schema.safeParse(values);
  return result.success ? {} : issuesToFieldErrors(result.error.issues, fields);
}
