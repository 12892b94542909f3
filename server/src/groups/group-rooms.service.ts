import { Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { ErrorCode } from '@shared/api/error-codes.js';
import { rooms, type Ack } from '@shared/realtime/events.js';
import { RealtimeService, type RealtimeSocket } from '../realtime/realtime.service.js';
import { GROUP_ERRORS } from './group-errors.js';
import { canSeeContent, GROUP_SLUG } from './group-rules.js';
import { GroupsRepository } from './groups.repository.js';

const watchSchema = z.object({ slug: z.string().regex(GROUP_SLUG).nullable() });

const GROUP_ROOM_PREFIX = rooms.group(0).slice(0, -1);

/**
 * Rooms per group whose members a tab shows: a tab says which group (`group:watch`), joins its
 * room when it may see the group's members, and hears of every change of membership there
 * (`group:members`), so an open members list follows without a reload. A member who leaves or
 * is removed or banned is taken out of the room at once.
 */
@Injectable()
export class GroupRoomsService implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeService,
    private readonly groups: GroupsRepository,
  ) {}

  onModuleInit(): void {
    this.realtime.handle('group:watch', (socket, payload) => this.watch(socket, payload));
  }

  private async watch(socket: RealtimeSocket, payload: unknown): Promise<Ack<{ slug: string | null }>> {
    const request = watchSchema.safeParse(payload);
    if (!request.success) return { error: { code: ErrorCode.Validation, message: 'Invalid request' } };
    const stale = [...socket.rooms].filter((room) => room.startsWith(GROUP_ROOM_PREFIX));
    await Promise.all(stale.map((room) => socket.leave(room)));
    if (request.data.slug === null) return { data: { slug: null } };
    const group = await this.groups.bySlug(request.data.slug, socket.data.userId);
    if (!group) throw GROUP_ERRORS.notFound;
    if (!canSeeContent(group)) throw GROUP_ERRORS.membersOnly;
    await socket.join(rooms.group(group.id));
    return { data: { slug: group.slug } };
  }

  /** Tells the watching tabs; `gone`: members who are no longer in (they stop hearing of it). */
  membersChanged(group: { id: number; slug: string }, gone: number[] = []): void {
    for (const userId of gone) this.realtime.leaveRoom(userId, rooms.group(group.id));
    this.realtime.sendToRoom(rooms.group(group.id), 'group:members', [{ slug: group.slug }]);
  }
}
