import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { reportSchema, type ReportRequest } from '@shared/feed/safety.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ReportsService } from './reports.service.js';

@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post()
  @HttpCode(200)
  @Auth()
  async report(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(reportSchema)) payload: ReportRequest,
  ): Promise<null> {
    await this.reports.report(auth.user.id, payload);
    return null;
  }
}
