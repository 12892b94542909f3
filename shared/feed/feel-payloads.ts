import { z } from 'zod';
import { FEEL_KINDS } from './feels.js';

/**
 * The feels calls' payloads, apart from feels.ts so that the live updates, which every page
 * loads, do not bring zod into the first download.
 */
export const feelSchema = z.object({ kind: z.enum(FEEL_KINDS) });
export type FeelPayload = z.infer<typeof feelSchema>;

/** Who gave feels, a page at a time, optionally of one kind. */
export const feelersQuerySchema = z.object({
  kind: z.enum(FEEL_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type FeelersQuery = z.infer<typeof feelersQuerySchema>;
