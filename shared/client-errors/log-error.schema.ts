import { z } from 'zod';

import { LOG_ERROR_LIMITS } from './log-error.limits.js';

export const logErrorSchema = z.object({
  stacktrace: z.string().max(LOG_ERROR_LIMITS.stacktrace),
  url: z.string().max(LOG_ERROR_LIMITS.url),
  type: z.string().min(1).max(LOG_ERROR_LIMITS.type),
});
export type LogErrorPayload = z.infer<typeof logErrorSchema>;
