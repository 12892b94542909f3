import { Injectable } from '@nestjs/common';
import type { AdminToday } from '@shared/admin/overview-today.js';
import { AdminTodayRepository } from './admin-today.repository.js';

/** The start of the UTC day an instant falls in. */
export function utcMidnightOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Today's figures for the admin Overview: the day is the UTC day, the same for every admin. */
@Injectable()
export class AdminTodayService {
  constructor(private readonly today: AdminTodayRepository) {}

  async figures(now = new Date()): Promise<AdminToday> {
    const since = utcMidnightOf(now);
    const [counts, revenue] = await Promise.all([this.today.countsSince(since), this.today.revenueSince(since)]);
    return { since: since.toISOString(), ...counts, revenue };
  }
}
