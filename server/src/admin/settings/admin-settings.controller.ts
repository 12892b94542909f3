import { Body, Controller, Get, Put } from '@nestjs/common';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsAnswer } from '@shared/admin/site-settings.js';
import { Auth, CurrentAuth } from '../../auth/auth.decorators.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../../sessions/auth-context.js';
import { AdminSettingsService } from './admin-settings.service.js';

/** Admins read and change the site settings (ADMIN_SITE_SETTINGS_ENDPOINTS). */
@Controller('admin/settings')
@Auth('admin')
export class AdminSettingsController {
  constructor(private readonly settings: AdminSettingsService) {}

  @Get()
  current(): Promise<SiteSettingsAnswer> {
    return this.settings.current();
  }

  @Put()
  update(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(siteSettingsSchema)) settings: SiteSettings,
  ): Promise<SiteSettingsAnswer> {
    return this.settings.update(auth.user.id, settings);
  }
}
