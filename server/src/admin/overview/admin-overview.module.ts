import { Module } from '@nestjs/common';
import { ClientErrorsModule } from '../../client-errors/client-errors.module.js';
import { AdminReportsModule } from '../reports/admin-reports.module.js';
import { AdminOverviewController } from './admin-overview.controller.js';
import { AdminOverviewRepository } from './admin-overview.repository.js';
import { AdminOverviewService } from './admin-overview.service.js';
import { AdminTodayController } from './admin-today.controller.js';
import { AdminTodayRepository } from './admin-today.repository.js';
import { AdminTodayService } from './admin-today.service.js';

@Module({
  imports: [ClientErrorsModule, AdminReportsModule],
  controllers: [AdminOverviewController, AdminTodayController],
  providers: [AdminOverviewService, AdminOverviewRepository, AdminTodayService, AdminTodayRepository],
})
export class AdminOverviewModule {}
