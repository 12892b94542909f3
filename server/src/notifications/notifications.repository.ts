import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { NotificationItem, NotificationType } from '@shared/notifications/notifications.js';
import type { UiNotifications } from '@shared/start/start.js';
import { notBlockedEitherWay } from '../blocks/blocks.repository.js';

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

/** Members' notifications: the `notifications` table, always read for one user. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(userId: number, notification: NewNotification): Promise<NotificationItem> {
    const [row]: NotificationRow[] = await this.dataSource.query(
      `INSERT INTO notifications (user_id, type, heading, body, link) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, type, heading, body, link, created_at, read_at`,
      [userId, notification.type, notification.heading, notification.body, notification.link ?? null],
    );
    return toItem(row);
  }

  /** Stores a notification a member's action caused, unless the two are blocked either way (then null). */
  async createFrom(actorId: number, userId: number, notification: NewNotification): Promise<NotificationItem | null> {
    const [row]: NotificationRow[] = await this.dataSource.query(
      `INSERT INTO notifications (user_id, type, heading, body, link)
       SELECT $1, $2, $3, $4, $5 WHERE ${notBlockedEitherWay('$1::int', '$6::int')}
       RETURNING id, type, heading, body, link, created_at, read_at`,
      [userId, notification.type, notification.heading, notification.body, notification.link ?? null, actorId],
    );
    return row ? toItem(row) : null;
  }

  /** One page, unread first, then newest; `total` counts all of the user's notifications. */
  async pageOf(userId: number, limit: number, offset: number): Promise<{ items: NotificationItem[]; total: number }> {
    const rows: (NotificationRow & { total: number })[] = await this.dataSource.query(
      `SELECT id, type, heading, body, link, created_at, read_at, count(*) OVER ()::int AS total
         FROM notifications WHERE user_id = $1
        ORDER BY (read_at IS NULL) DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { items: rows.map(toItem), total: rows[0]?.total ?? 0 };
  }

  /** False when the user has no notification with this id; reading it again keeps the first read time. */
  async markRead(userId: number, id: number): Promise<boolean> {
    const [, changed] = await this.dataSource.query(
      `UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return changed > 0;
  }

  async markAllRead(userId: number): Promise<void> {
    await this.dataSource.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
  }

  /** The unread count, the `latest` newest unread ones and the highest id, in one query. */
  async summaryOf(userId: number, latest: number): Promise<UiNotifications> {
    const rows: (NotificationRow & { unread: number; last_id: string | null })[] = await this.dataSource.query(
      `SELECT n.id, n.type, n.heading, n.body, n.link, n.created_at, n.read_at, c.unread, c.last_id
         FROM (SELECT count(*) FILTER (WHERE read_at IS NULL)::int AS unread, max(id) AS last_id
                 FROM notifications WHERE user_id = $1) c
         LEFT JOIN LATERAL (SELECT * FROM notifications WHERE user_id = $1 AND read_at IS NULL
                             ORDER BY id DESC LIMIT $2) n ON true`,
      [userId, latest],
    );
    return {
      unread: rows[0]?.unread ?? 0,
      latest: rows.filter((row) => row.id !== null).map(toItem),
      lastId: Number(rows[0]?.last_id ?? 0),
    };
  }

  /** The `limit` newest notifications after `afterId`, newest first. */
  async newestAfter(userId: number, afterId: number, limit: number): Promise<NotificationItem[]> {
    const rows: NotificationRow[] = await this.dataSource.query(
      `SELECT id, type, heading, body, link, created_at, read_at FROM notifications
        WHERE user_id = $1 AND id > $2 ORDER BY id DESC LIMIT $3`,
      [userId, afterId, limit],
    );
    return rows.map(toItem);
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return row.n;
  }
}
