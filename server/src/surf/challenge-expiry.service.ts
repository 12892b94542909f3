import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { isDatabaseUnavailable } from '../common/errors/database-unavailable.js';
import { SurfService } from './surf.service.js';

/** How often challenges left open are looked for. */
export const CHALLENGE_EXPIRY_EVERY_MS = 60_000;

/**
 * Runs `SurfService.expireChallenges` every minute on every process: a challenge left open (a tab
 * closed on it) expires as a wrong answer, as replacing it would count, so leaving costs what
 * skipping costs. Processes need no turns: each member is settled under their row lock, skipped
 * when another process holds it, and an expired ticket is no longer open for the next run.
 */
@Injectable()
export class ChallengeExpiry implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ChallengeExpiry.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly surf: SurfService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), CHALLENGE_EXPIRY_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    try {
      this.running = this.surf.expireChallenges();
      await this.running;
    } catch (error) {
      // An unreachable database is reported by the calls that need it; the next run catches up.
      if (!isDatabaseUnavailable(error)) this.logger.error(`Expiring challenges left open failed: ${String(error)}`);
    } finally {
      this.running = null;
    }
  }
}
