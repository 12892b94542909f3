import { Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { FeedComment } from '@shared/feed/comments.js';
import type { FeelCounts, FeelKind, FeelTarget } from '@shared/feed/feels.js';
import { MAX_WATCHED_POSTS, rooms, type Ack } from '@shared/realtime/events.js';
import { BlocksRepository } from '../blocks/blocks.repository.js';
import { RealtimeService, type RealtimeSocket } from '../realtime/realtime.service.js';
import { PostAccessRepository } from './post-access.repository.js';

const watchSchema = z.object({
  pids: z.array(z.number().int().min(1).max(2_147_483_647)).max(MAX_WATCHED_POSTS),
});

const POST_ROOM_PREFIX = rooms.post(0).slice(0, -1);

/**
 * Rooms per post being viewed: a tab says which posts it shows (`posts:watch`), joins the rooms
 * of those it may see and leaves the others; comments and feels on a post are pushed to its
 * room. A comment never reaches the members who blocked its author.
 */
@Injectable()
export class PostRoomsService implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeService,
    private readonly access: PostAccessRepository,
    private readonly blocks: BlocksRepository,
  ) {}

  onModuleInit(): void {
    this.realtime.handle('posts:watch', (socket, payload) => this.watch(socket, payload));
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
    const except = (await this.blocks.blockersOf(comment.author.id)).map(rooms.user);
    this.realtime.sendToRoom(rooms.post(comment.pid), 'post:comment', [{ pid: comment.pid, comment, commentCount }], { except });
  }

  commentRemoved(change: { pid: number; commentId: number; parentId: number | null; commentCount: number }): void {
    this.realtime.sendToRoom(rooms.post(change.pid), 'post:comment-removed', [change]);
  }

  /**
   * An admin hid the post: every tab watching it leaves its room, on every process, except its
   * writer's, so no comment or feel on it reaches anyone who may no longer see it. An admin's tab
   * joins again at its next `posts:watch`.
   */
  postHidden(pid: number, authorId: number): void {
    this.realtime.emptyRoom(rooms.post(pid), [rooms.user(authorId)]);
  }

  feelsChanged(target: FeelTarget, counts: FeelCounts, by: number, kind: FeelKind | null): void {
    this.realtime.sendToRoom(rooms.post(target.pid), 'post:feels', [{ target, counts, by, kind }]);
  }
}
