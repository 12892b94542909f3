import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { announcementSchema, type AnnouncementPayload } from '@shared/announcements/announcement.schema.js';
import type { AdminAnnouncement, Announcement } from '@shared/announcements/announcements.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { AnnouncementsService } from './announcements.service.js';

@Controller()
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Post('announcements/:id/dismiss')
  @HttpCode(200)
  @Auth()
  async dismiss(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number): Promise<null> {
    await this.announcements.dismiss(auth.user.id, id);
    return null;
  }

  @Get('admin/announcements')
  @Auth('admin')
  list(): Promise<AdminAnnouncement[]> {
    return this.announcements.list();
  }

  @Post('admin/announcements')
  @HttpCode(200)
  @Auth('admin')
  create(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(announcementSchema)) payload: AnnouncementPayload,
  ): Promise<Announcement> {
    return this.announcements.create(payload, auth.user.id);
  }

  @Put('admin/announcements/:id')
  @Auth('admin')
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(announcementSchema)) payload: AnnouncementPayload,
  ): Promise<Announcement> {
    return this.announcements.update(id, payload, auth.user.id);
  }

  @Post('admin/announcements/:id/end')
  @HttpCode(200)
  @Auth('admin')
  async end(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number): Promise<null> {
    await this.announcements.end(id, auth.user.id);
    return null;
  }
}
