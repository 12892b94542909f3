import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { SurfRepository } from './surf.repository.js';

/**
 * Vacuum once this many posts were served by this process since the last time, at most this
 * often: the measured sweet spot (bench/surf/README.md, "The rotation index's dead entries").
 */
const SERVES_PER_VACUUM = 500;
const MIN_INTERVAL_MS = 500;

/**
 * Keeps the rotation index small. Every serve moves a campaign's entry in campaigns_rotation
 * (ordered by last_served_at) to the end and leaves a dead one at the front, where each pick
 * starts reading; only VACUUM removes them, and autovacuum looks at a database once a minute at
 * best: at hundreds of views a second, every pick would walk through tens of thousands of dead entries.
 * A busy surf process vacuums the (small) campaigns table itself; SKIP_LOCKED lets a vacuum
 * already running (autovacuum, another process) do it instead.
 */
@Injectable()
export class RotationVacuum implements OnModuleDestroy {
  private readonly logger = new Logger(RotationVacuum.name);
  private serves = 0;
  private lastAt = Date.now();
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly repository: SurfRepository) {}

  /** Counts one served post; vacuums in the background when due. */
  served(): void {
    this.serves++;
    if (this.serves < SERVES_PER_VACUUM || this.running || this.closed || Date.now() - this.lastAt < MIN_INTERVAL_MS) return;
    this.serves = 0;
    this.lastAt = Date.now();
    this.running = this.repository
      .vacuumCampaigns()
      .catch((error: unknown) => {
        // E.g. the database user does not own the table: leave it to autovacuum from now on.
        this.closed = true;
        this.logger.warn(`VACUUM campaigns failed, not trying again: ${error instanceof Error ? error.message : error}`);
      })
      .finally(() => (this.running = null));
  }

  /** Before the database closes: no more vacuums, and the one under way ends first. */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.running;
  }
}
