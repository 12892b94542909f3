import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import {
  reportQueueQuerySchema,
  reportTargetParamsSchema,
  type ReportActionResult,
  type ReportQueueItem,
  type ReportQueueQuery,
  type ReportTargetParams,
} from '@shared/admin/reports.js';
import { Auth, CurrentAuth } from '../../auth/auth.decorators.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../../sessions/auth-context.js';
import { AdminReportsService } from './admin-reports.service.js';

/** The admin Reports queue (ADMIN_REPORT_ENDPOINTS); every call is `@Auth('admin')`. */
@Controller('admin/reports')
@Auth('admin')
export class AdminReportsController {
  constructor(private readonly reports: AdminReportsService) {}

  @Get()
  queue(@Query(new ZodValidationPipe(reportQueueQuerySchema)) { page }: ReportQueueQuery): Promise<Paged<ReportQueueItem>> {
    return this.reports.queue(page);
  }

  @Post(':targetType/:targetId/:action')
  @HttpCode(200)
  act(
    @CurrentAuth() auth: AuthContext,
    @Param(new ZodValidationPipe(reportTargetParamsSchema)) { targetType, targetId, action }: ReportTargetParams,
  ): Promise<ReportActionResult> {
    return this.reports.act(auth.user.id, targetType, targetId, action);
  }
}
