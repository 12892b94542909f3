import { Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { FeedComment } from '@shared/feed/comments.js';
import type { FeelCounts, FeelKind, FeelTarget } from '@shared/feed/feels.js';
import { MAX_WATCHED_POSTS, rooms, type Ack } from '@shared/realtime/events.js';
import { BlocksRepository } from '../blocks/blocks.repository.js';
import { RealtimeService, type RealtimeSocket } from '../realtime/realtime.service.js';
import { RoomAccess } from '../realtime/room-access.js';
import { PostAccessRepository } from './post-access.repository.js';

const watchSchema = z.object({
  pids: z.array(z.number().int().min(1).max(2_147_483_647)).max(MAX_WATCHED_POSTS),
});

const POST_ROOM_PREFIX = rooms.post(0).slice(0, -1);
const pidOfRoom = (room: string): number => Number(room.slice(POST_ROOM_PREFIX.length));

/**
 * Rooms per post being viewed: a tab says which posts it shows (`posts:watch`), joins the rooms
 * of those it may see and leaves the others; comments and feels on a post are pushed to its
 * room. A comment never reaches the members blocked either way with its author.
 */
@Injectable()
export class PostRoomsService implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeService,
    private readonly access: PostAccessRepository,
    private readonly blocks: BlocksRepository,
    private readonly roomAccess: RoomAccess,
  ) {}

  onModuleInit(): void {
    this.realtime.handle('posts:watch', (socket, payload) => this.watch(socket, payload));
    // Who may be in a post's room is what HTTP reads decide (visiblePids), when a tab joins and
    // again whenever access may have narrowed (RoomAccess.recheck): a tab that may no longer see
    // a post leaves its room and is told.
    this.roomAccess.guard({
      prefix: POST_ROOM_PREFIX,
      allowed: async (viewerId, roomNames) => (await this.access.visiblePids(viewerId, roomNames.map(pidOfRoom))).map(rooms.post),
      left: (connectionId, roomNames) =>
        this.realtime.sendToRoom(connectionId, 'post:access-lost', [{ pids: roomNames.map(pidOfRoom) }]),
    });
  }

  private async watch(socket: RealtimeSocket, payload: unknown): Promise<Ack<{ pids: number[] }>> {
    const request = watchSchema.safeParse(payload);
    if (!request.success) return { error: { code: ErrorCode.Validation, message: 'Invalid request' } };
    const visible = await this.access.visiblePids(socket.data.userId, [...new Set(request.data.pids)]);
    const wanted = new Set(visible.map(rooms.post));
    const stale = [...socket.rooms].filter((room) => room.startsWith(POST_ROOM_PREFIX) && !wanted.has(room));
    await Promise.all(stale.map((room) => socket.leave(room)));
    await socket.join([...wanted]);
    return { data: { pids: visible } };
  }

  async commentWritten(comment: FeedComment, commentCount: number): Promise<void> {
    const except = (await this.blocks.partnersOf(comment.author.id)).map(rooms.user);
    this.realtime.sendToRoom(rooms.post(comment.pid), 'post:comment', [{ pid: comment.pid, comment, commentCount }], { except });
  }

  /** `exceptUserId`: a member whose tabs keep the comment (the writer of a comment an admin hid). */
  commentRemoved(
    change: { pid: number; commentId: number; parentId: number | null; commentCount: number },
    exceptUserId?: number,
  ): void {
    const except = exceptUserId === undefined ? undefined : { except: [rooms.user(exceptUserId)] };
    this.realtime.sendToRoom(rooms.post(change.pid), 'post:comment-removed', [change], except);
  }

  /**
   * An admin hid the post: the tabs watching it that may no longer see it (all but its writer's
   * and admins') leave its room on every process and are told, before the admin's call answers.
   */
  async postHidden(pid: number): Promise<void> {
    await this.roomAccess.recheck({ rooms: [rooms.post(pid)] });
  }

  feelsChanged(target: FeelTarget, counts: FeelCounts, by: number, kind: FeelKind | null): void {
    this.realtime.sendToRoom(rooms.post(target.pid), 'post:feels', [{ target, counts, by, kind }]);
  }
}
