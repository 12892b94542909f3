import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ContactMessagePayload } from '@shared/contact/contact.js';

export interface ContactMessageRow {
  id: number;
  user_id: number | null;
  username: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
  read_at: Date | null;
  answered_at: Date | null;
}

export interface ContactReplyRow {
  id: number;
  admin_id: number | null;
  admin_username: string | null;
  text: string;
  created_at: Date;
}

const MESSAGE_COLUMNS = `m.id, m.user_id, u.username, m.name, m.email, m.subject, m.message, m.created_at, m.read_at, m.answered_at`;

/** Contact messages and the admins' replies (`contact_messages`, `contact_replies`). */
@Injectable()
export class ContactRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(message: ContactMessagePayload, userId: number | null, addressHash: string): Promise<number> {
    const [{ id }]: { id: number }[] = await this.dataSource.query(
      `INSERT INTO contact_messages (user_id, name, email, subject, message, address_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [userId, message.name, message.email, message.subject, message.message, addressHash],
    );
    return id;
  }

  /** Every admin, to be told of a new message. */
  admins(): Promise<{ id: number; email: string }[]> {
    return this.dataSource.query(`SELECT id, email FROM users WHERE role = 'admin' ORDER BY id`);
  }

  async page(limit: number, offset: number): Promise<{ rows: ContactMessageRow[]; total: number }> {
    const rows: ContactMessageRow[] = await this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM contact_messages m LEFT JOIN users u ON u.id = m.user_id ORDER BY m.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [{ total }]: { total: number }[] = await this.dataSource.query(`SELECT count(*)::int AS total FROM contact_messages`);
    return { rows, total };
  }

  /** The message, locked until the transaction ends when `manager` is a transaction's. */
  async findById(id: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<ContactMessageRow | null> {
    const rows: ContactMessageRow[] = await manager.query(
      `SELECT ${MESSAGE_COLUMNS} FROM contact_messages m LEFT JOIN users u ON u.id = m.user_id WHERE m.id = $1${lock ? ' FOR UPDATE OF m' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  repliesTo(id: number): Promise<ContactReplyRow[]> {
    return this.dataSource.query(
      `SELECT r.id, r.admin_id, u.username AS admin_username, r.text, r.created_at
         FROM contact_replies r LEFT JOIN users u ON u.id = r.admin_id
        WHERE r.message_id = $1 ORDER BY r.id`,
      [id],
    );
  }

  /** Marks an unread message read, in the caller's transaction; answers the time written. */
  async markRead(manager: EntityManager, id: number): Promise<Date> {
    const [[row]] = await manager.query(
      `UPDATE contact_messages SET read_at = now() WHERE id = $1 AND read_at IS NULL RETURNING read_at`,
      [id],
    );
    return row.read_at;
  }

  /** Stores the reply and marks the message answered (and read). */
  async addReply(
    manager: EntityManager,
    messageId: number,
    adminId: number,
    text: string,
  ): Promise<{ replyId: number; answeredAt: Date }> {
    const [{ id }]: { id: number }[] = await manager.query(
      `INSERT INTO contact_replies (message_id, admin_id, text) VALUES ($1, $2, $3) RETURNING id`,
      [messageId, adminId, text],
    );
    const [[{ answered_at }]]: [{ answered_at: Date }[], number] = await manager.query(
      `UPDATE contact_messages SET answered_at = now(), read_at = coalesce(read_at, now()) WHERE id = $1 RETURNING answered_at`,
      [messageId],
    );
    return { replyId: id, answeredAt: answered_at };
  }
}
