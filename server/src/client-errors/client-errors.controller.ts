import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { logErrorSchema, type LogErrorPayload } from '@shared/client-errors/log-error.schema.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { ClientErrorsService } from './client-errors.service.js';

/** A crashing browser may loop; 10 reports a minute per address is plenty for a real crash. */
const LOG_ERROR_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

@Controller('log_error')
export class ClientErrorsController {
  constructor(private readonly clientErrors: ClientErrorsService) {}

  @Post()
  @HttpCode(200)
  @RouteConfig({ rateLimit: LOG_ERROR_RATE_LIMIT })
  async logError(
    @Body(new ZodValidationPipe(logErrorSchema)) report: LogErrorPayload,
    @Req() request: FastifyRequest,
  ): Promise<null> {
    await this.clientErrors.record(report, {
      userId: null,
      userAgent: request.headers['user-agent'] ?? '',
      ip: request.ip,
    });
    return null;
  }
}
