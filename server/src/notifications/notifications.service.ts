import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import {
  LATEST_NOTIFICATIONS,
  type NotificationItem,
  type NotificationType,
  type NotificationsPage,
} from '@shared/notifications/notifications.js';
import type { UiNotifications } from '@shared/start/start.js';
import { AppError } from '../common/errors/app-error.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { MemberCache } from '../sessions/member-cache.js';

const PAGE_SIZE = 20;
const CATCH_UP_LIMIT = 50;

export interface NewNotification {
  type: NotificationType;
  heading: string;
  body: string;
  link?: string | null;
}

interface NotificationRow {
  id: string;
  type: NotificationType;
  heading: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toItem = (row: NotificationRow): NotificationItem => ({
  id: Number(row.id),
  type: row.type,
  heading: row.heading,
  body: row.body,
  link: row.link,
  createdAt: row.created_at.toISOString(),
  read: row.read_at !== null,
});

/** Stores notifications and pushes them at once to every open tab of their user, and only theirs. */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
    private readonly cache: MemberCache,
  ) {}

  async notify(userId: number, notification: NewNotification): Promise<NotificationItem> {
    const [row]: NotificationRow[] = await this.dataSource.query(
      `INSERT INTO notifications (user_id, type, heading, body, link) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, type, heading, body, link, created_at, read_at`,
      [userId, notification.type, notification.heading, notification.body, notification.link ?? null],
    );
    const item = toItem(row);
    this.cache.notifications.delete(userId);
    this.realtime.sendToUser(userId, 'notification:new', [item, await this.unreadCount(userId)]);
    return item;
  }

  /** Unread first, then newest. */
  async page(userId: number, page: number): Promise<NotificationsPage> {
    const rows: (NotificationRow & { total: number })[] = await this.dataSource.query(
      `SELECT id, type, heading, body, link, created_at, read_at, count(*) OVER ()::int AS total
         FROM notifications WHERE user_id = $1
        ORDER BY (read_at IS NULL) DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, PAGE_SIZE, (page - 1) * PAGE_SIZE],
    );
    const total = rows[0]?.total ?? 0;
    return {
      items: rows.map(toItem),
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      unread: await this.unreadCount(userId),
    };
  }

  async markRead(userId: number, id: number, exceptConnection: string | null): Promise<{ unread: number }> {
    const [, changed] = await this.dataSource.query(
      `UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    if (changed === 0) throw new AppError(ErrorCode.NotFound, 'Not found', 'This notification does not exist.');
    this.cache.notifications.delete(userId);
    const unread = await this.unreadCount(userId);
    this.realtime.sendToUser(userId, 'notifications:read', [{ ids: [id], unread }], { except: [exceptConnection] });
    return { unread };
  }

  async markAllRead(userId: number, exceptConnection: string | null): Promise<{ unread: number }> {
    await this.dataSource.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    this.cache.notifications.delete(userId);
    this.realtime.sendToUser(userId, 'notifications:read', [{ ids: null, unread: 0 }], { except: [exceptConnection] });
    return { unread: 0 };
  }

  /** What /data/start shows in the header; cached (see MemberCache), since every page load asks. */
  async summary(userId: number): Promise<UiNotifications> {
    return (await this.cache.notifications.get(userId, () => this.loadSummary(userId)))!;
  }

  private async loadSummary(userId: number): Promise<UiNotifications> {
    const rows: (NotificationRow & { unread: number; last_id: string | null })[] = await this.dataSource.query(
      `SELECT n.id, n.type, n.heading, n.body, n.link, n.created_at, n.read_at, c.unread, c.last_id
         FROM (SELECT count(*) FILTER (WHERE read_at IS NULL)::int AS unread, max(id) AS last_id
                 FROM notifications WHERE user_id = $1) c
         LEFT JOIN LATERAL (SELECT * FROM notifications WHERE user_id = $1 AND read_at IS NULL
                             ORDER BY id DESC LIMIT $2) n ON true`,
      [userId, LATEST_NOTIFICATIONS],
    );
    return {
      unread: rows[0]?.unread ?? 0,
      latest: rows.filter((row) => row.id !== null).map(toItem),
      lastId: Number(rows[0]?.last_id ?? 0),
    };
  }

  /** What a reconnecting tab missed: up to 50 newest notifications after the last id it saw, oldest first. */
  async since(userId: number, afterId: number): Promise<NotificationItem[]> {
    const rows: NotificationRow[] = await this.dataSource.query(
      `SELECT id, type, heading, body, link, created_at, read_at FROM notifications
        WHERE user_id = $1 AND id > $2 ORDER BY id DESC LIMIT $3`,
      [userId, afterId, CATCH_UP_LIMIT],
    );
    // The newest ones when more were missed than fit; oldest first for display.
    return rows.reverse().map(toItem);
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return row.n;
  }
}
