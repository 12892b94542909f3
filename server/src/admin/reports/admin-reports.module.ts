import { Module } from '@nestjs/common';
import { AdminUsersModule } from '../users/admin-users.module.js';
import { AdminReportsController } from './admin-reports.controller.js';
import { AdminReportsRepository } from './admin-reports.repository.js';
import { AdminReportsService } from './admin-reports.service.js';

@Module({
  imports: [AdminUsersModule],
  controllers: [AdminReportsController],
  providers: [AdminReportsService, AdminReportsRepository],
  exports: [AdminReportsService],
})
export class AdminReportsModule {}
