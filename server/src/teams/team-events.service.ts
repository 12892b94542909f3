import { Injectable } from '@nestjs/common';
import { rooms } from '@shared/realtime/events.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { MemberCache } from '../sessions/member-cache.js';

/**
 * What follows a committed change of a team: this process forgets its cached copy at once (the
 * triggers' NOTIFY tells the other processes), and every member concerned hears `teams:changed`.
 */
@Injectable()
export class TeamEvents {
  constructor(
    private readonly cache: MemberCache,
    private readonly realtime: RealtimeService,
  ) {}

  changed(teamId: number, userIds: readonly number[]): void {
    const concerned = [...new Set(userIds)];
    this.cache.forgetTeam(teamId, concerned);
    for (const userId of concerned) this.realtime.sendToUser(userId, 'teams:changed', [{ teamId }]);
  }

  /** A member is no longer active: their tabs stop hearing what the team's room is told. */
  leftTeam(teamId: number, userId: number): void {
    this.realtime.leaveRoom(userId, rooms.team(teamId));
  }

  /** The team's balance changed: the tabs acting for it show the new count at once. */
  teamCredits(teamId: number, credits: number): void {
    this.realtime.sendToRoom(rooms.team(teamId), 'live:data', [{ live_time: Date.now(), team: { id: teamId, cc: credits } }]);
  }
}
