import type { LoggerService } from '@nestjs/common';
import type { Logger as PinoLogger } from 'pino';

/**
 * Routes Nest's own log lines into the app's pino logger. Nest's `log` level is its start-up
 * chatter (every module initialised, every route mapped, the application started), so it goes
 * to `debug`: at `info` a start shows only the address and the database (main.ts), which the app
 * logs through pino itself.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: PinoLogger) {}

  log(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }
}
