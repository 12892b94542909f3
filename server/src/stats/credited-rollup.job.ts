import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { isDatabaseUnavailable } from '../common/errors/database-unavailable.js';
import { Transactions } from '../database/transactions.js';
import { StatsRepository } from './stats.repository.js';

/** How often credited views are recounted into the hourly rollups. */
export const CREDITED_RECOUNT_EVERY_MS = 30_000;
/** How far before the last recount the next one starts again: longer than any claim's transaction. */
export const CREDITED_RECOUNT_MARGIN_SECONDS = 300;

/**
 * Puts the surf bar's credited views (claimed tickets) into the hourly rollups, at start-up and
 * every 30 s, outside the claim's transaction so a claim costs nothing more. Each run sets the
 * recent hours' counts anew, so runs may repeat or overlap across processes without counting a
 * view twice; a view shows in Detailed Stats within a run.
 */
@Injectable()
export class CreditedRollupJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CreditedRollupJob.name);
  private timer: NodeJS.Timeout | null = null;
  /** The latest recount asked for; each starts once the one before it has ended. */
  private latest: Promise<unknown> = Promise.resolve();
  private ticking = false;

  constructor(
    private readonly transactions: Transactions,
    private readonly stats: StatsRepository,
  ) {}

  onApplicationBootstrap(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), CREDITED_RECOUNT_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.latest.catch(() => undefined);
  }

  /**
   * A recount that starts after every claim committed before this call; false when another
   * process was recounting (its recount reads those claims instead).
   */
  run(): Promise<boolean> {
    const recount = this.latest
      .catch(() => undefined)
      .then(() => this.transactions.run((manager) => this.stats.recountCredited(manager, CREDITED_RECOUNT_MARGIN_SECONDS)));
    this.latest = recount;
    return recount;
  }

  /** The periodic recount; a tick while the last one still runs is skipped rather than queued. */
  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.run();
    } catch (error) {
      // An unreachable database is reported by the calls that need it; the next run catches up.
      if (!isDatabaseUnavailable(error)) this.logger.error(`Recounting credited views failed: ${String(error)}`);
    } finally {
      this.ticking = false;
    }
  }
}
