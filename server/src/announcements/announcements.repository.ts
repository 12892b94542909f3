import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import type { announcementSchema } from '@shared/announcements/announcement.schema.js';
import type { z } from 'zod';
import { AnnouncementEntity } from './announcement.entity.js';

export type AnnouncementValues = z.output<typeof announcementSchema>;

const stored = ({ startsAt, endsAt, ...values }: AnnouncementValues) => ({
  ...values,
  startsAt: startsAt === null ? null : new Date(startsAt),
  endsAt: endsAt === null ? null : new Date(endsAt),
});

/** Site announcements and the members who dismissed them (`announcements`, `announcement_dismissals`). */
@Injectable()
export class AnnouncementsRepository {
  constructor(@InjectRepository(AnnouncementEntity) private readonly announcements: Repository<AnnouncementEntity>) {}

  /** Every announcement, newest first. */
  all(): Promise<AnnouncementEntity[]> {
    return this.announcements.find({ order: { id: 'DESC' } });
  }

  /** The announcements that have not ended, oldest first. */
  active(): Promise<AnnouncementEntity[]> {
    return this.announcements.find({ where: { endedAt: IsNull() }, order: { id: 'ASC' } });
  }

  findById(id: number): Promise<AnnouncementEntity | null> {
    return this.announcements.findOneBy({ id });
  }

  findForUpdate(manager: EntityManager, id: number): Promise<AnnouncementEntity | null> {
    return manager.getRepository(AnnouncementEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  create(manager: EntityManager, values: AnnouncementValues, createdBy: number): Promise<AnnouncementEntity> {
    return manager.getRepository(AnnouncementEntity).save({ ...stored(values), createdBy, endedAt: null });
  }

  replace(manager: EntityManager, existing: AnnouncementEntity, values: AnnouncementValues): Promise<AnnouncementEntity> {
    return manager.getRepository(AnnouncementEntity).save({ ...existing, ...stored(values) });
  }

  /** False when there is no such announcement or it has already ended. */
  async end(manager: EntityManager, id: number): Promise<boolean> {
    const [, changed] = await manager.query(`UPDATE announcements SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`, [id]);
    return changed > 0;
  }

  /** Dismissing twice keeps the first. */
  async dismiss(userId: number, id: number): Promise<void> {
    await this.announcements.query(
      `INSERT INTO announcement_dismissals (announcement_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [id, userId],
    );
  }

  /** The active announcements the member dismissed. */
  async dismissedBy(userId: number): Promise<Set<number>> {
    const rows: { announcement_id: number }[] = await this.announcements.query(
      `SELECT d.announcement_id FROM announcement_dismissals d JOIN announcements a ON a.id = d.announcement_id
        WHERE d.user_id = $1 AND a.ended_at IS NULL`,
      [userId],
    );
    return new Set(rows.map((row) => row.announcement_id));
  }

  /** The members who dismissed this announcement. */
  async dismissersOf(id: number): Promise<number[]> {
    const rows: { user_id: number }[] = await this.announcements.query(
      `SELECT user_id FROM announcement_dismissals WHERE announcement_id = $1`,
      [id],
    );
    return rows.map((row) => row.user_id);
  }

  /** How many members dismissed each announcement (absent: none). */
  async dismissalCounts(): Promise<Map<number, number>> {
    const rows: { announcement_id: number; n: number }[] = await this.announcements.query(
      `SELECT announcement_id, count(*)::int AS n FROM announcement_dismissals GROUP BY announcement_id`,
    );
    return new Map(rows.map((row) => [row.announcement_id, row.n]));
  }
}
