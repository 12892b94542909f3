import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text.js';

/**
 * The string schema of every schema in shared/ (ESLint refuses `z.string()` there): a string
 * PostgreSQL can store, so no text that passed validation fails later in a query with a 500.
 * It is a `ZodString`, so `.trim()`, `.max()`, `.regex()`, `.uuid()`… chain on as usual.
 */
export function text(params?: Parameters<typeof z.string>[0]): z.ZodString {
  // abort: the checks chained after this one do not run on such text, so the field gets one message.
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}
