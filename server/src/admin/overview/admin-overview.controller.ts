import { Controller, Get } from '@nestjs/common';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { Auth } from '../../auth/auth.decorators.js';
import { AdminOverviewService } from './admin-overview.service.js';

/** The admin Overview tab; `@Auth('admin')`: 401 for visitors, 403 for members. */
@Controller('admin')
@Auth('admin')
export class AdminOverviewController {
  constructor(private readonly overviews: AdminOverviewService) {}

  @Get('overview')
  overview(): Promise<AdminOverview> {
    return this.overviews.overview();
  }
}
