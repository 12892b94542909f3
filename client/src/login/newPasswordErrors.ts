import { passwordSchema } from '@shared/accounts/account.schemas.js';
import type { FieldErrors } from '../forms/fieldErrors.js';

/** A new password typed twice: the shared password rules, and both entries must match. */
export function newPasswordErrors<P extends string, R extends string>(
  values: Record<P | R, string>,
  passwordField: P,
  repeatField: R,
): FieldErrors<P | R> {
  const errors: FieldErrors<P | R> = {};
  const rules = passwordSchema.safeParse(values[passwordField]);
  if (!rules.success) errors[passwordField] = { message: rules.error.issues[0].message };
  if (values[repeatField] !== values[passwordField]) {
    errors[repeatField] = {
      message: values[repeatField] ? 'The two passwords are not the same.' : 'Please type the new password again.',
    };
  }
  return errors;
}
