import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { announcementSchema, type AnnouncementPayload } from '@shared/announcements/announcement.schema.js';
import { announcementIsLive, type AdminAnnouncement, type Announcement } from '@shared/announcements/announcements.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { rooms } from '@shared/realtime/events.js';
import { AdminAudit } from '../audit/admin-audit.service.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { listenForChanges } from '../database/pg-listener.js';
import { Transactions } from '../database/transactions.js';
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
  startsAt: entity.startsAt?.toISOString() ?? null,
  endsAt: entity.endsAt?.toISOString() ?? null,
});

/** What the audit log keeps of an announcement. */
const audited = ({ id: _id, createdAt: _createdAt, ...fields }: Announcement): Record<string, unknown> => fields;

/** The longest a schedule timer waits at once (setTimeout's limit is about 24 days). */
const MAX_TIMER_MS = 60 * 60 * 1000;

/**
 * Site announcements. The active ones are cached in every process (reloaded on NOTIFY) since
 * /data/start serves them on every page load; each change is pushed at once to the sockets of
 * its audience, minus the members who dismissed it. A scheduled announcement is served only
 * within its window (checked at read time); each process's timer pushes it to its own sockets
 * when its window opens and hides it when it closes.
 */
@Injectable()
export class AnnouncementsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AnnouncementsService.name);
  private active: Announcement[] = [];
  private listener: { close(): Promise<void> } | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Up to when the schedule's boundaries have been pushed. */
  private scheduledUntil = Date.now();

  constructor(
    private readonly announcements: AnnouncementsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly realtime: RealtimeService,
    private readonly memberCache: MemberCache,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
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
    if (this.timer) clearTimeout(this.timer);
    await this.listener?.close();
  }

  /** The announcements within their window now. */
  private live(): Announcement[] {
    const now = Date.now();
    return this.active.filter((a) => announcementIsLive(a, now));
  }

  forVisitors(): Announcement[] {
    return this.live().filter((a) => a.auth !== 'members');
  }

  async forMember(userId: number): Promise<Announcement[]> {
    const candidates = this.live().filter((a) => a.auth !== 'visitors');
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
    const announcement = await this.transactions.run(async (manager) => {
      const created = toAnnouncement(await this.announcements.create(manager, values, adminId));
      await this.audit.record(manager, {
        adminId,
        action: 'announcement_created',
        targetType: 'announcement',
        targetId: String(created.id),
        before: null,
        after: audited(created),
      });
      return created;
    });
    await this.reload();
    if (announcementIsLive(announcement, Date.now())) await this.broadcast(announcement);
    return announcement;
  }

  async update(id: number, payload: AnnouncementPayload, adminId: number): Promise<Announcement> {
    const values = announcementSchema.parse(payload);
    const announcement = await this.transactions.run(async (manager) => {
      const existing = await this.announcements.findForUpdate(manager, id);
      if (!existing || existing.endedAt) throw NOT_FOUND;
      const before = audited(toAnnouncement(existing));
      const saved = toAnnouncement(await this.announcements.replace(manager, existing, values));
      await this.audit.record(manager, {
        adminId,
        action: 'announcement_updated',
        targetType: 'announcement',
        targetId: String(id),
        before,
        after: audited(saved),
      });
      return saved;
    });
    await this.reload();
    // Its audience or window may have changed: hide it everywhere, then show it to whom it is for now.
    this.realtime.sendToAll('announcement:hide', [{ id }]);
    if (announcementIsLive(announcement, Date.now())) await this.broadcast(announcement);
    return announcement;
  }

  /** Ends the announcement for good (the admin screen's delete). */
  async end(id: number, adminId: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const existing = await this.announcements.findForUpdate(manager, id);
      if (!existing || existing.endedAt || !(await this.announcements.end(manager, id))) throw NOT_FOUND;
      await this.audit.record(manager, {
        adminId,
        action: 'announcement_deleted',
        targetType: 'announcement',
        targetId: String(id),
        before: audited(toAnnouncement(existing)),
        after: null,
      });
    });
    await this.reload();
    this.realtime.sendToAll('announcement:hide', [{ id }]);
  }

  /** Stored, so it holds on every device; the member's other tabs and devices hide it at once. */
  async dismiss(userId: number, id: number): Promise<void> {
    if (!this.live().some((a) => a.id === id && a.auth !== 'visitors')) throw NOT_FOUND;
    await this.announcements.dismiss(userId, id);
    this.memberCache.dismissals.delete(userId);
    this.realtime.sendToUser(userId, 'announcement:hide', [{ id }]);
  }

  private async broadcast(announcement: Announcement, options: { local?: boolean } = {}): Promise<void> {
    const dismissedBy = await this.announcements.dismissersOf(announcement.id);
    const audience =
      announcement.auth === 'members'
        ? [rooms.members]
        : announcement.auth === 'visitors'
          ? [rooms.visitors]
          : [rooms.members, rooms.visitors];
    this.realtime.sendToRoom(audience, 'announcement:show', [announcement], {
      except: dismissedBy.map((userId) => rooms.user(userId)),
      local: options.local,
    });
  }

  private async reload(): Promise<void> {
    this.active = (await this.announcements.active()).map(toAnnouncement);
    // The cached dismissals cover the announcements active when they were read.
    this.memberCache.dismissals.clear();
    // A change is pushed as it is made, so the schedule goes on from now.
    this.scheduledUntil = Date.now();
    this.schedule();
  }

  /** Wakes at the next start or end of a scheduled announcement. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = Math.min(
      ...this.active
        .flatMap((a) => [a.startsAt, a.endsAt])
        .map((moment) => (moment === null ? Infinity : Date.parse(moment)))
        .filter((at) => at > this.scheduledUntil),
    );
    if (next === Infinity) return;
    this.timer = setTimeout(
      () => void this.pushSchedule().catch((error) => this.logger.error(`Pushing scheduled announcements failed: ${error}`)),
      Math.min(Math.max(0, next - Date.now()) + 20, MAX_TIMER_MS),
    );
    this.timer.unref();
  }

  /**
   * Shows the announcements whose window opened since the last wake and hides those whose
   * window closed, on this process's sockets (every process runs its own timer).
   */
  private async pushSchedule(): Promise<void> {
    const from = this.scheduledUntil;
    const now = Date.now();
    const passed = (moment: string | null) => moment !== null && Date.parse(moment) > from && Date.parse(moment) <= now;
    for (const announcement of this.active) {
      if (passed(announcement.endsAt)) this.realtime.sendToAll('announcement:hide', [{ id: announcement.id }], { local: true });
      else if (passed(announcement.startsAt)) await this.broadcast(announcement, { local: true });
    }
    this.scheduledUntil = now;
    this.schedule();
  }
}
