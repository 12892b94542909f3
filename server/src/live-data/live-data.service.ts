import { Injectable } from '@nestjs/common';
import { rooms, type LiveData } from '@shared/realtime/events.js';
import type { Advertiser } from '../auth/advertiser.js';
import { CreditsRepository } from '../credits/credits.repository.js';
import { RealtimeService } from '../realtime/realtime.service.js';

/**
 * Live data: `cc` (credit count), `team` (the credit count of the team a tab acts for) and
 * `live_time` (the server clock), pushed when they change.
 */
@Injectable()
export class LiveDataService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly realtime: RealtimeService,
  ) {}

  async forUser(userId: number | null): Promise<LiveData> {
    if (userId === null) return { live_time: Date.now() };
    return { cc: await this.credits.creditsOfUser(userId), live_time: Date.now() };
  }

  /** After any change of a balance: every tab of that user shows the new count at once. */
  async pushCredits(userId: number): Promise<void> {
    this.realtime.sendToUser(userId, 'live:data', [await this.forUser(userId)]);
  }

  /** After a change of a team's balance: every tab acting for the team shows the new count at once. */
  async pushTeamCredits(teamId: number): Promise<void> {
    const cc = await this.credits.creditsOfTeam(teamId);
    this.realtime.sendToRoom(rooms.team(teamId), 'live:data', [{ live_time: Date.now(), team: { id: teamId, cc } }]);
  }

  /** The balance of whichever account changed: the member's or the team's. */
  pushCreditsOf(advertiser: Advertiser): Promise<void> {
    return advertiser.kind === 'team' ? this.pushTeamCredits(advertiser.teamId) : this.pushCredits(advertiser.userId);
  }
}
