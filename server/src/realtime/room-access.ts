import { Injectable } from '@nestjs/common';
import { rooms } from '@shared/realtime/events.js';
import { RealtimeService, type ConnectionInRooms } from './realtime.service.js';

/**
 * Who may hear one kind of room (every room whose name starts with `prefix`), as the feature
 * that owns those rooms decides it: the same check its HTTP reads and its room joins make.
 */
export interface RoomGuard {
  readonly prefix: string;
  /** Of these rooms (all of this kind), the ones the viewer (null: a visitor) may hear now. */
  allowed(viewerId: number | null, roomNames: string[]): Promise<string[]>;
  /** Tells a connection it was just taken out of these rooms (all of this kind). */
  left?(connectionId: string, roomNames: string[]): void | Promise<void>;
}

/**
 * Which connections to check: every tab of these members (all their guarded rooms), or every
 * connection in these rooms (those rooms only).
 */
export type RoomRecheck = { userIds: number[] } | { rooms: string[] };

/**
 * Keeps room membership in step with access. A tab joins a room only when the guard of its kind
 * allows it; after any change that can narrow access (a ban, a removal, leaving, a group made
 * private, a block, a deletion) the service that made it calls `recheck`, which asks the guards
 * again for the connections concerned, on every process, and takes each out of the rooms it may
 * no longer hear. Callers await it before their own pushes and before answering, so nothing
 * pushed after the change reaches a connection that lost access.
 */
@Injectable()
export class RoomAccess {
  private readonly guards: RoomGuard[] = [];

  constructor(private readonly realtime: RealtimeService) {}

  /** Called once by the feature that owns the rooms, at start-up. */
  guard(guard: RoomGuard): void {
    this.guards.push(guard);
  }

  async recheck(scope: RoomRecheck): Promise<void> {
    const named = 'rooms' in scope ? new Set(scope.rooms) : null;
    const targets = 'rooms' in scope ? [...new Set(scope.rooms)] : [...new Set(scope.userIds)].map(rooms.user);
    const connections = await this.realtime.connectionsIn(targets);
    const checked = (connection: ConnectionInRooms) =>
      connection.rooms.filter((room) => (named === null || named.has(room)) && this.guardOf(room) !== null);
    const denied = await this.deniedRooms(connections.map((connection) => ({ ...connection, rooms: checked(connection) })));
    const told: (void | Promise<void>)[] = [];
    for (const connection of connections) {
      const lost = checked(connection).filter((room) => denied.get(connection.userId)?.has(room));
      if (lost.length === 0) continue;
      this.realtime.leaveRooms(connection.id, lost);
      for (const guard of this.guards) {
        const ofGuard = lost.filter((room) => room.startsWith(guard.prefix));
        if (ofGuard.length > 0) told.push(guard.left?.(connection.id, ofGuard));
      }
    }
    await Promise.all(told);
  }

  /** Whether the viewer (null: a visitor) may still hear every guarded room among these. */
  async mayStayIn(viewerId: number | null, roomNames: string[]): Promise<boolean> {
    const connection = { id: '', userId: viewerId, rooms: roomNames.filter((room) => this.guardOf(room) !== null) };
    if (connection.rooms.length === 0) return true;
    return !(await this.deniedRooms([connection])).has(viewerId);
  }

  /** Per viewer, the rooms among those their connections are in that they may no longer hear: one question per viewer and kind. */
  private async deniedRooms(connections: ConnectionInRooms[]): Promise<Map<number | null, Set<string>>> {
    const asked = new Map<number | null, Set<string>>();
    for (const { userId, rooms: roomNames } of connections) {
      const ofViewer = asked.get(userId) ?? new Set<string>();
      for (const room of roomNames) ofViewer.add(room);
      asked.set(userId, ofViewer);
    }
    const denied = new Map<number | null, Set<string>>();
    const questions = [...asked].flatMap(([viewerId, roomNames]) =>
      this.guards.map(async (guard) => {
        const ofGuard = [...roomNames].filter((room) => room.startsWith(guard.prefix));
        if (ofGuard.length === 0) return;
        const allowed = new Set(await guard.allowed(viewerId, ofGuard));
        const lost = ofGuard.filter((room) => !allowed.has(room));
        if (lost.length > 0) denied.set(viewerId, new Set([...(denied.get(viewerId) ?? []), ...lost]));
      }),
    );
    await Promise.all(questions);
    return denied;
  }

  private guardOf(room: string): RoomGuard | null {
    return this.guards.find((guard) => room.startsWith(guard.prefix)) ?? null;
  }
}
