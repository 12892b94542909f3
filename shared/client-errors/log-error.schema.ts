import { z } from 'zod';
import { text } from '../validation/text.js';

import { LOG_ERROR_LIMITS } from './log-error.limits.js';

export const logErrorSchema = z.object({
  stacktrace: text().max(LOG_ERROR_LIMITS.stacktrace),
  url: text().max(LOG_ERROR_LIMITS.url),
  type: text().min(1).max(LOG_ERROR_LIMITS.type),
});
export type LogErrorPayload = z.infer<typeof logErrorSchema>;
