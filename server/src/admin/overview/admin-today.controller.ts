import { Controller, Get } from '@nestjs/common';
import type { AdminToday } from '@shared/admin/overview-today.js';
import { Auth } from '../../auth/auth.decorators.js';
import { AdminTodayService } from './admin-today.service.js';

/** Today's figures on the admin Overview (ADMIN_TODAY_ENDPOINTS); 401 for visitors, 403 for members. */
@Controller('admin/overview')
@Auth('admin')
export class AdminTodayController {
  constructor(private readonly today: AdminTodayService) {}

  @Get('today')
  figures(): Promise<AdminToday> {
    return this.today.figures();
  }
}
