import { Global, Module } from '@nestjs/common';
import { AdminAuditRepository } from './admin-audit.repository.js';
import { AdminAudit } from './admin-audit.service.js';

/** Global: every feature with admin actions records them here. */
@Global()
@Module({ providers: [AdminAudit, AdminAuditRepository], exports: [AdminAudit] })
export class AdminAuditModule {}
