import { Injectable } from '@nestjs/common';
import type { LiveData } from '@shared/realtime/events.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { UsersRepository } from '../users/users.repository.js';

/** Live data: `cc` (credit count) and `live_time` (the server clock), pushed when they change. */
@Injectable()
export class LiveDataService {
  constructor(
    private readonly users: UsersRepository,
    private readonly realtime: RealtimeService,
  ) {}

  async forUser(userId: number | null): Promise<LiveData> {
    if (userId === null) return { live_time: Date.now() };
    return { cc: await this.users.creditsOf(userId), live_time: Date.now() };
  }

  /** After any change of a balance: every tab of that user shows the new count at once. */
  async pushCredits(userId: number): Promise<void> {
    this.realtime.sendToUser(userId, 'live:data', [await this.forUser(userId)]);
  }
}
