import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { DAILY_PARTITIONED_TABLES, TrackingRepository } from './tracking.repository.js';
import { addDays, utcDayOf } from './tracking-rows.js';

const MAINTENANCE_INTERVAL_MS = 60 * 60_000;
/** Partitions made ahead of today (and one behind, for a batch written just after midnight). */
const DAYS_BEHIND = 1;
const DAYS_AHEAD = 2;

/**
 * Keeps the daily partitions of page_views and feed_events: at start-up and every hour, those
 * of yesterday to the day after tomorrow exist, those older than the retention are dropped, and
 * the salts of past days and the once-per-visit marks older than yesterday are deleted (a batch
 * writes today's events, or yesterday's just after midnight). The batch writer also asks for
 * the partition of any day it writes that this process has not made sure of. Several processes may do this at once:
 * every change runs under one advisory lock, and creating is IF NOT EXISTS.
 */
@Injectable()
export class TrackingPartitions implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('tracking');
  private readonly ensured = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** The hourly upkeep under way. */
  private upkeep: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tracking: TrackingRepository,
    private readonly transactions: Transactions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.maintain();
    this.timer = setInterval(() => {
      this.upkeep = this.maintain()
        .catch((error: unknown) => this.logger.warn(`Partition upkeep failed; it runs again in an hour (${String(error)})`))
        .finally(() => (this.upkeep = null));
    }, MAINTENANCE_INTERVAL_MS);
    this.timer.unref();
  }

  /** Before the database closes: no more upkeep, and the one under way ends first. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.upkeep;
  }

  /** Makes sure every day of `days` has its partitions. */
  async ensure(days: Iterable<string>): Promise<void> {
    const missing = [...new Set(days)].filter((day) => !this.ensured.has(day));
    if (missing.length === 0) return;
    await this.transactions.run(async (manager) => {
      await this.tracking.lockPartitions(manager);
      for (const day of missing) {
        for (const table of DAILY_PARTITIONED_TABLES) await this.tracking.createDailyPartition(manager, table, day);
      }
    });
    for (const day of missing) this.ensured.add(day);
  }

  async maintain(now = Date.now()): Promise<void> {
    const today = utcDayOf(now);
    const days = Array.from({ length: DAYS_BEHIND + DAYS_AHEAD + 1 }, (_, index) => addDays(today, index - DAYS_BEHIND));
    await this.ensure(days);
    const oldestKept = addDays(today, 1 - this.config.tracking.retentionDays);
    await this.transactions.run(async (manager) => {
      await this.tracking.lockPartitions(manager);
      for (const table of DAILY_PARTITIONED_TABLES) {
        for (const day of await this.tracking.dailyPartitionDays(manager, table)) {
          if (day < oldestKept) await this.tracking.dropDailyPartition(manager, table, day);
        }
      }
    });
    for (const day of this.ensured) if (day < oldestKept) this.ensured.delete(day);
    await this.tracking.deleteSaltsBefore(today);
    await this.tracking.deleteCountedBefore(addDays(today, -1));
  }
}
