import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import {
  errorGroupsQuerySchema,
  fingerprintSchema,
  type ErrorGroupDetail,
  type ErrorGroupSummary,
  type ErrorGroupsQuery,
} from '@shared/admin/errors.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ErrorLog } from './error-log.service.js';

/** The admin error log: grouped client and server errors. */
@Controller('admin/errors')
@Auth('admin')
export class ErrorLogController {
  constructor(private readonly errors: ErrorLog) {}

  @Get()
  list(@Query(new ZodValidationPipe(errorGroupsQuerySchema)) query: ErrorGroupsQuery): Promise<Paged<ErrorGroupSummary>> {
    return this.errors.page(query);
  }

  @Get(':fingerprint')
  group(@Param('fingerprint', new ZodValidationPipe(fingerprintSchema)) fingerprint: string): Promise<ErrorGroupDetail> {
    return this.errors.group(fingerprint);
  }

  @Post(':fingerprint/resolve')
  @HttpCode(200)
  resolve(
    @CurrentAuth() auth: AuthContext,
    @Param('fingerprint', new ZodValidationPipe(fingerprintSchema)) fingerprint: string,
  ): Promise<ErrorGroupDetail> {
    return this.errors.resolve(auth.user.id, fingerprint);
  }
}
