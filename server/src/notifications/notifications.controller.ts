import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IdPipe } from '../common/validation/id.pipe.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import { adminMessageSchema, type AdminMessagePayload } from '@shared/notifications/admin-message.schema.js';
import type { NotificationItem, NotificationsPage } from '@shared/notifications/notifications.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { Ctx, type RequestContext } from '../common/http/request-context.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('notifications')
  @Auth()
  list(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<NotificationsPage> {
    return this.notifications.page(auth.user.id, page);
  }

  /** The tab that reads gets the answer; the user's other tabs get `notifications:read`. */
  @Post('notifications/read-all')
  @HttpCode(200)
  @Auth()
  readAll(@CurrentAuth() auth: AuthContext, @Ctx() context: RequestContext): Promise<{ unread: number }> {
    return this.notifications.markAllRead(auth.user.id, context.socketId);
  }

  @Post('notifications/:id/read')
  @HttpCode(200)
  @Auth()
  read(
    @CurrentAuth() auth: AuthContext,
    @Ctx() context: RequestContext,
    @Param('id', IdPipe) id: number,
  ): Promise<{ unread: number }> {
    return this.notifications.markRead(auth.user.id, id, context.socketId);
  }

  /** An admin's message to one member, delivered live as a notification. */
  @Post('admin/users/:id/notify')
  @HttpCode(200)
  @Auth('admin')
  adminMessage(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) userId: number,
    @Body(new ZodValidationPipe(adminMessageSchema)) message: AdminMessagePayload,
  ): Promise<NotificationItem> {
    return this.notifications.adminMessage(auth.user.id, userId, message);
  }
}
