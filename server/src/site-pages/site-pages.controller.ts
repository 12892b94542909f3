import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { sitePagePayloadSchema, type SitePage, type SitePagePayload } from '@shared/pages/site-pages.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { SitePagesService } from './site-pages.service.js';

/** /terms and /privacy for anyone (SITE_PAGE_ENDPOINTS.page). */
@Controller('pages')
export class SitePagesController {
  constructor(private readonly pages: SitePagesService) {}

  @Get(':slug')
  page(@Param('slug') slug: string): Promise<SitePage> {
    return this.pages.page(slug);
  }
}

/** Admins edit them (SITE_PAGE_ENDPOINTS.edit). */
@Controller('admin/pages')
@Auth('admin')
export class SitePagesAdminController {
  constructor(private readonly pages: SitePagesService) {}

  @Put(':slug')
  edit(
    @CurrentAuth() auth: AuthContext,
    @Param('slug') slug: string,
    @Body(new ZodValidationPipe(sitePagePayloadSchema)) payload: SitePagePayload,
  ): Promise<SitePage> {
    return this.pages.edit(auth.user.id, slug, payload.markdown);
  }
}
