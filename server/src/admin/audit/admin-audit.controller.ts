import { Controller, Get, Query } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import { adminAuditQuerySchema, type AdminAuditEntry, type AdminAuditQuery } from '@shared/admin/audit.js';
import { Auth } from '../../auth/auth.decorators.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { AdminAudit } from '../../audit/admin-audit.service.js';

/** Admins read the audit log (ADMIN_AUDIT_ENDPOINTS). */
@Controller('admin/audit')
@Auth('admin')
export class AdminAuditController {
  constructor(private readonly audit: AdminAudit) {}

  @Get()
  page(@Query(new ZodValidationPipe(adminAuditQuerySchema)) query: AdminAuditQuery): Promise<Paged<AdminAuditEntry>> {
    return this.audit.page(query);
  }
}
