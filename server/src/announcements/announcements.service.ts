import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { announcementSchema, type AnnouncementPayload } from '@shared/announcements/announcement.schema.js';
import type { AdminAnnouncement, Announcement } from '@shared/announcements/announcements.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { rooms } from '@shared/realtime/events.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { listenForChanges } from '../database/pg-listener.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { MemberCache } from '../sessions/member-cache.js';
import type { AnnouncementEntity } from './announcement.entity.js';
import { AnnouncementsRepository } from './announcements.repository.js';

const NOT_FOUND = new AppError(ErrorCode.NotFound, 'Not found', 'This announcement does not exist or has ended.');

const toAnnouncement = (entity: AnnouncementEntity): Announcement => ({
  id: entity.id,
  heading: entity.heading,
  content: entity.content,
  footer: entity.footer,
  link: entity.link,
  classContext: entity.classContext,
  type: entity.type,
  auth: entity.auth,
  only: entity.only,
  except: entity.except,
  createdAt: entity.createdAt.toISOString(),
});

/**
 * Site announcements. The active ones are cached in every process (reloaded on NOTIFY) since
 * /data/start serves them on every page load; each change is pushed at once to the sockets of
 * its audience, minus the members who dismissed it.
 */
@Injectable()
export class AnnouncementsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AnnouncementsService.name);
  private active: Announcement[] = [];
  private listener: { close(): Promise<void> } | null = null;

  constructor(
    private readonly announcements: AnnouncementsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly realtime: RealtimeService,
    private readonly memberCache: MemberCache,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.listener = await listenForChanges(
      this.config.databaseUrl!,
      'announcements_changed',
      () => void this.reload().catch((error) => this.logger.error(`Reloading announcements failed: ${error}`)),
      this.logger,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

  forVisitors(): Announcement[] {
    return this.active.filter((a) => a.auth !== 'members');
  }

  async forMember(userId: number): Promise<Announcement[]> {
    const candidates = this.active.filter((a) => a.auth !== 'visitors');
    if (candidates.length === 0) return [];
    // Cached: every signed-in page load asks.
    const hidden = (await this.memberCache.dismissals.get(userId, () => this.announcements.dismissedBy(userId)))!;
    return candidates.filter((a) => !hidden.has(a.id));
  }

  async list(): Promise<AdminAnnouncement[]> {
    const dismissals = await this.announcements.dismissalCounts();
    const all = await this.announcements.all();
    return all
      .map((entity) => ({
        ...toAnnouncement(entity),
        endedAt: entity.endedAt?.toISOString() ?? null,
        dismissals: dismissals.get(entity.id) ?? 0,
      }))
      .sort((a, b) => Number(a.endedAt !== null) - Number(b.endedAt !== null));
  }

  async create(payload: AnnouncementPayload, adminId: number): Promise<Announcement> {
    const values = announcementSchema.parse(payload);
    const saved = await this.announcements.create(values, adminId);
    const announcement = toAnnouncement(saved);
    await this.reload();
    await this.broadcast(announcement);
    return announcement;
  }

  async update(id: number, payload: AnnouncementPayload): Promise<Announcement> {
    const values = announcementSchema.parse(payload);
    const existing = await this.announcements.findById(id);
    if (!existing || existing.endedAt) throw NOT_FOUND;
    const saved = await this.announcements.replace(existing, values);
    const announcement = toAnnouncement(saved);
    await this.reload();
    // Its audience may have changed: hide it everywhere, then show it to whom it is for now.
    this.realtime.sendToAll('announcement:hide', [{ id }]);
    await this.broadcast(announcement);
    return announcement;
  }

  async end(id: number): Promise<void> {
    if (!(await this.announcements.end(id))) throw NOT_FOUND;
    await this.reload();
    this.realtime.sendToAll('announcement:hide', [{ id }]);
  }

  /** Stored, so it holds on every device; the member's other tabs and devices hide it at once. */
  async dismiss(userId: number, id: number): Promise<void> {
    if (!this.active.some((a) => a.id === id && a.auth !== 'visitors')) throw NOT_FOUND;
    await this.announcements.dismiss(userId, id);
    this.memberCache.dismissals.delete(userId);
    this.realtime.sendToUser(userId, 'announcement:hide', [{ id }]);
  }

  private async broadcast(announcement: Announcement): Promise<void> {
    const dismissedBy = await this.announcements.dismissersOf(announcement.id);
    const audience =
      announcement.auth === 'members'
        ? [rooms.members]
        : announcement.auth === 'visitors'
          ? [rooms.visitors]
          : [rooms.members, rooms.visitors];
    this.realtime.sendToRoom(audience, 'announcement:show', [announcement], {
      except: dismissedBy.map((userId) => rooms.user(userId)),
    });
  }

  private async reload(): Promise<void> {
    this.active = (await this.announcements.active()).map(toAnnouncement);
    // The cached dismissals cover the announcements active when they were read.
    this.memberCache.dismissals.clear();
  }
}
