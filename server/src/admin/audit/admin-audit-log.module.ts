import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../../audit/admin-audit.module.js';
import { AdminAuditController } from './admin-audit.controller.js';

/** The admin Audit tab: reads what AdminAuditModule records. */
@Module({ imports: [AdminAuditModule], controllers: [AdminAuditController] })
export class AdminAuditLogModule {}
