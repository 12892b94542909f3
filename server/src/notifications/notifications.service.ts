import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { AdminMessagePayload } from '@shared/notifications/admin-message.schema.js';
import { LATEST_NOTIFICATIONS, type NotificationItem, type NotificationsPage } from '@shared/notifications/notifications.js';
import type { UiNotifications } from '@shared/start/start.js';
import { AdminAudit } from '../audit/admin-audit.service.js';
import { AppError } from '../common/errors/app-error.js';
import { Transactions } from '../database/transactions.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { MemberCache } from '../sessions/member-cache.js';
import { UsersRepository } from '../users/users.repository.js';
import { NotificationsRepository, type NewNotification } from './notifications.repository.js';

const PAGE_SIZE = 20;
const CATCH_UP_LIMIT = 50;

/** Stores notifications and pushes them at once to every open tab of their user, and only theirs. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly users: UsersRepository,
    private readonly realtime: RealtimeService,
    private readonly cache: MemberCache,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
  ) {}

  async notify(userId: number, notification: NewNotification): Promise<NotificationItem> {
    const item = await this.notifications.create(userId, notification);
    await this.pushed(userId, item);
    return item;
  }

  /**
   * A notification that `actorId`'s action caused (a follow, a comment, a mention, a group
   * request, an invitation): never stored nor pushed between members blocked either way.
   */
  async notifyFrom(actorId: number, userId: number, notification: NewNotification): Promise<void> {
    const item = await this.notifications.createFrom(actorId, userId, notification);
    if (item) await this.pushed(userId, item);
  }

  private async pushed(userId: number, item: NotificationItem): Promise<void> {
    this.cache.notifications.delete(userId);
    this.realtime.sendToUser(userId, 'notification:new', [item, await this.unreadCount(userId)]);
  }

  /** An admin's message to one member, written to the admin audit log once it is stored. */
  async adminMessage(adminId: number, userId: number, message: AdminMessagePayload): Promise<NotificationItem> {
    if (!(await this.users.findById(userId))) throw new AppError(ErrorCode.NotFound, 'Not found', 'There is no such member.');
    const item = await this.notify(userId, { type: 'admin_message', ...message });
    await this.transactions.run((manager) =>
      this.audit.record(manager, {
        adminId,
        action: 'message_sent',
        targetType: 'user',
        targetId: String(userId),
        before: null,
        after: { notificationId: item.id, heading: message.heading, body: message.body, link: message.link ?? null },
      }),
    );
    return item;
  }

  /** Unread first, then newest. */
  async page(userId: number, page: number): Promise<NotificationsPage> {
    const { items, total } = await this.notifications.pageOf(userId, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return {
      items,
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      unread: await this.unreadCount(userId),
    };
  }

  async markRead(userId: number, id: number, exceptConnection: string | null): Promise<{ unread: number }> {
    if (!(await this.notifications.markRead(userId, id))) {
      throw new AppError(ErrorCode.NotFound, 'Not found', 'This notification does not exist.');
    }
    this.cache.notifications.delete(userId);
    const unread = await this.unreadCount(userId);
    this.realtime.sendToUser(userId, 'notifications:read', [{ ids: [id], unread }], { except: [exceptConnection] });
    return { unread };
  }

  async markAllRead(userId: number, exceptConnection: string | null): Promise<{ unread: number }> {
    await this.notifications.markAllRead(userId);
    this.cache.notifications.delete(userId);
    this.realtime.sendToUser(userId, 'notifications:read', [{ ids: null, unread: 0 }], { except: [exceptConnection] });
    return { unread: 0 };
  }

  /** What /data/start shows in the header; cached (see MemberCache), since every page load asks. */
  async summary(userId: number): Promise<UiNotifications> {
    return (await this.cache.notifications.get(userId, () => this.notifications.summaryOf(userId, LATEST_NOTIFICATIONS)))!;
  }

  /** What a reconnecting tab missed: up to 50 newest notifications after the last id it saw, oldest first. */
  async since(userId: number, afterId: number): Promise<NotificationItem[]> {
    // The newest ones when more were missed than fit; oldest first for display.
    return (await this.notifications.newestAfter(userId, afterId, CATCH_UP_LIMIT)).reverse();
  }

  unreadCount(userId: number): Promise<number> {
    return this.notifications.unreadCount(userId);
  }
}
