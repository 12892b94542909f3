import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { logErrorSchema, type LogErrorPayload } from '@shared/client-errors/log-error.schema.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { ClientErrorsService } from './client-errors.service.js';

@Controller('log_error')
export class ClientErrorsController {
  constructor(private readonly clientErrors: ClientErrorsService) {}

  @Post()
  @HttpCode(200)
  @RouteConfig(rateLimit('logError'))
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
