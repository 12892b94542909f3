import { Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { ErrorCode } from '@shared/api/error-codes.js';
import { rooms, type Ack } from '@shared/realtime/events.js';
import { RealtimeService, type RealtimeSocket } from '../realtime/realtime.service.js';
import { RoomAccess } from '../realtime/room-access.js';
import { GROUP_ERRORS } from './group-errors.js';
import { canSeeContent, GROUP_SLUG } from './group-rules.js';
import { GroupsRepository } from './groups.repository.js';

const watchSchema = z.object({ slug: z.string().regex(GROUP_SLUG).nullable() });

const GROUP_ROOM_PREFIX = rooms.group(0).slice(0, -1);
const groupIdOfRoom = (room: string): number => Number(room.slice(GROUP_ROOM_PREFIX.length));

/**
 * Rooms per group whose members a tab shows: a tab says which group (`group:watch`), joins its
 * room when it may see the group's members, and hears of every change of membership there
 * (`group:members`), so an open members list follows without a reload. A member who leaves or
 * is removed or banned is taken out of the room at once, and out of the rooms of every post they
 * may no longer see; when the group becomes private or is deleted, so is every tab that may no
 * longer see it (RoomAccess.recheck, on every process).
 */
@Injectable()
export class GroupRoomsService implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeService,
    private readonly groups: GroupsRepository,
    private readonly roomAccess: RoomAccess,
  ) {}

  onModuleInit(): void {
    this.realtime.handle('group:watch', (socket, payload) => this.watch(socket, payload));
    this.roomAccess.guard({
      prefix: GROUP_ROOM_PREFIX,
      allowed: (viewerId, roomNames) => this.visibleRooms(viewerId, roomNames),
      left: (connectionId, roomNames) => this.tellLeft(connectionId, roomNames),
    });
  }

  /**
   * A tab taken out of a group's room reads the group again (`group:members`), and so shows that
   * its members are now for members only. A deleted group's tabs were told already.
   */
  private async tellLeft(connectionId: string, roomNames: string[]): Promise<void> {
    for (const room of roomNames) {
      const group = await this.groups.byId(groupIdOfRoom(room), null);
      if (group) this.realtime.sendToRoom(connectionId, 'group:members', [{ slug: group.slug }]);
    }
  }

  /** Of these group rooms, those whose members the viewer may see: the rule `watch` joins by. */
  private async visibleRooms(viewerId: number | null, roomNames: string[]): Promise<string[]> {
    const visible: string[] = [];
    for (const room of roomNames) {
      const group = await this.groups.byId(groupIdOfRoom(room), viewerId);
      if (group && canSeeContent(group)) visible.push(room);
    }
    return visible;
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

  /**
   * Tells the watching tabs; `gone`: members who are no longer in. They stop hearing of the group,
   * and their tabs leave the rooms of the posts they may no longer see, before anything is pushed.
   */
  async membersChanged(group: { id: number; slug: string }, gone: number[] = []): Promise<void> {
    for (const userId of gone) this.realtime.leaveRoom(userId, rooms.group(group.id));
    if (gone.length > 0) await this.roomAccess.recheck({ userIds: gone });
    this.realtime.sendToRoom(rooms.group(group.id), 'group:members', [{ slug: group.slug }]);
  }

  /**
   * After the group became private or was deleted: every tab in its room or in the room of one of
   * its live posts that may no longer see them leaves those rooms.
   */
  async accessNarrowed(groupId: number): Promise<void> {
    const pids = await this.groups.livePostIds(null, groupId);
    await this.roomAccess.recheck({ rooms: [rooms.group(groupId), ...pids.map(rooms.post)] });
  }
}
