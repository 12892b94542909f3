import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LiveData } from '@shared/realtime/events.js';
import { RealtimeService } from '../realtime/realtime.service.js';

/** Spec 3 "Live data": `cc` (credit count) and `live_time` (the server clock), pushed when they change. */
@Injectable()
export class LiveDataService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  async forUser(userId: number | null): Promise<LiveData> {
    if (userId === null) return { live_time: Date.now() };
    const [row] = await this.dataSource.query(`SELECT credits FROM users WHERE id = $1`, [userId]);
    return { cc: Number(row?.credits ?? 0), live_time: Date.now() };
  }

  /** After any change of a balance: every tab of that user shows the new count at once. */
  async pushCredits(userId: number): Promise<void> {
    this.realtime.sendToUser(userId, 'live:data', [await this.forUser(userId)]);
  }
}
