import { LOG_ERROR_LIMITS } from '@shared/client-errors/log-error.limits.js';
import type { LogErrorPayload } from '@shared/client-errors/log-error.schema.js';
import { errorReportingAllowed } from '@shared/client-errors/reporting.js';
import { api } from '../api/api.js';

/** Posts a crash to /data/log_error, trimmed to the server's limits. */
export function reportCrash(error: unknown, componentStack?: string | null): void {
  if (!errorReportingAllowed(window.location.hostname)) return;
  const stack = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  const report: LogErrorPayload = {
    stacktrace: `${stack}${componentStack ? `\nComponent stack:${componentStack}` : ''}`.slice(0, LOG_ERROR_LIMITS.stacktrace),
    url: window.location.href.slice(0, LOG_ERROR_LIMITS.url),
    type: 'client',
  };
  void api.post('/data/log_error', report);
}
