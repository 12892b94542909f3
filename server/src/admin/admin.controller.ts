import { Controller, Get } from '@nestjs/common';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { Auth } from '../auth/auth.decorators.js';
import { AdminService } from './admin.service.js';

/** The admin area's calls; every one is `@Auth('admin')`: 401 for visitors, 403 for members. */
@Controller('admin')
@Auth('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('overview')
  overview(): Promise<AdminOverview> {
    return this.admin.overview();
  }
}
