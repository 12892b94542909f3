import { Global, Module } from '@nestjs/common';
import { AdminAuditController } from './admin-audit.controller.js';
import { AdminAuditRepository } from './admin-audit.repository.js';
import { AdminAudit } from './admin-audit.service.js';

/** Global: every feature with admin actions records them here. */
@Global()
@Module({ controllers: [AdminAuditController], providers: [AdminAudit, AdminAuditRepository], exports: [AdminAudit] })
export class AdminAuditModule {}
