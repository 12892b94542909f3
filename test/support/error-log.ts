import { PinoNestLogger } from '../../server/src/common/logging/pino-nest-logger.js';

/**
 * Every error line the app logs while `capture` is on: the app's error logging (the exception
 * filter, the router's error handler, socket handlers, services) all goes through Nest's Logger,
 * which writes to the app's pino logger through PinoNestLogger. The lines are still written.
 */
export function captureErrorLog(): { lines: string[]; stop(): void } {
  const lines: string[] = [];
  const original = PinoNestLogger.prototype.error;
  PinoNestLogger.prototype.error = function (this: PinoNestLogger, message: unknown, trace?: string, context?: string) {
    lines.push(`${context ? `[${context}] ` : ''}${String(message)}${trace ? `\n${trace}` : ''}`);
    return original.call(this, message, trace, context);
  };
  return {
    lines,
    stop: () => {
      PinoNestLogger.prototype.error = original;
    },
  };
}
