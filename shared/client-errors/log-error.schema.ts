import { z } from 'zod';

/** Limits keep a crash loop in a browser from filling the table. */
export const LOG_ERROR_LIMITS = { stacktrace: 20_000, url: 2_000, type: 100 } as const;

export const logErrorSchema = z.object({
  stacktrace: z.string().max(LOG_ERROR_LIMITS.stacktrace),
  url: z.string().max(LOG_ERROR_LIMITS.url),
  type: z.string().min(1).max(LOG_ERROR_LIMITS.type),
});
export type LogErrorPayload = z.infer<typeof logErrorSchema>;
