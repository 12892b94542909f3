import { PinoNestLogger } from '../../server/src/common/logging/pino-nest-logger.js';

/**
 * Every error line the app logs while capturing: its own (the exception filter, the router's
 * error handler, socket handlers, services all log through Nest's Logger, which writes to the
 * app's pino logger through PinoNestLogger) and TypeORM's failed queries (console.error). The
 * lines are still written.
 */
export function captureErrorLog(): { lines: string[]; stop(): void } {
  const lines: string[] = [];
  const original = PinoNestLogger.prototype.error;
  const originalConsoleError = console.error;
  PinoNestLogger.prototype.error = function (this: PinoNestLogger, message: unknown, trace?: string, context?: string) {
    lines.push(`${context ? `[${context}] ` : ''}${String(message)}${trace ? `\n${trace}` : ''}`);
    return original.call(this, message, trace, context);
  };
  console.error = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
    originalConsoleError(...args);
  };
  return {
    lines,
    stop: () => {
      PinoNestLogger.prototype.error = original;
      console.error = originalConsoleError;
    },
  };
}

/** Every warning the app logs (through Nest's Logger) while capturing; the lines are still written. */
export function captureWarnLog(): { lines: string[]; stop(): void } {
  const lines: string[] = [];
  const original = PinoNestLogger.prototype.warn;
  PinoNestLogger.prototype.warn = function (this: PinoNestLogger, message: unknown, context?: string) {
    lines.push(`${context ? `[${context}] ` : ''}${String(message)}`);
    return original.call(this, message, context);
  };
  return { lines, stop: () => (PinoNestLogger.prototype.warn = original) };
}
