import { Module } from '@nestjs/common';
import { ClientErrorsModule } from '../../client-errors/client-errors.module.js';
import { AdminReportsModule } from '../reports/admin-reports.module.js';
import { AdminOverviewController } from './admin-overview.controller.js';
import { AdminOverviewRepository } from './admin-overview.repository.js';
import { AdminOverviewService } from './admin-overview.service.js';

@Module({
  imports: [ClientErrorsModule, AdminReportsModule],
  controllers: [AdminOverviewController],
  providers: [AdminOverviewService, AdminOverviewRepository],
})
export class AdminOverviewModule {}
