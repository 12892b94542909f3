import { Injectable } from '@nestjs/common';
import type { ClickTelemetry } from '@shared/surf/surf.js';
import { SurfRepository } from './surf.repository.js';

/** From this score on, the next view asks for a verification code. */
export const CHALLENGE_AT = 50;
/** From this score on, the account stops earning and admins are told. */
export const BLOCK_AT = 150;

const RECENT_CLAIMS = 10;
/** Two intervals this close (ms) count as "identical": people are never that regular. */
const SAME_INTERVAL_MS = 3;
/** Members whose latest clicks this process keeps (least recently used ones are dropped, then re-read). */
const REMEMBERED_MEMBERS = 10_000;

/**
 * Scores each Next click from its telemetry: untrusted (scripted) clicks, clicks in a hidden
 * tab, and repeats of the same interval or the same position seen in the last claims raise
 * the score; a clean click lowers it a little, so one odd click is forgiven over time.
 *
 * The last claims are kept in memory, so a claim needs no read of them: read from the database
 * the first time this process scores a member, then updated with each credited click. Caveat with
 * several app processes: a member's tabs connected to different processes are each scored against
 * the clicks their own process saw (plus what the database held when it first read them), so a
 * pattern spread over processes is seen later. A tab's claims all arrive on its one connection,
 * hence one process, and a member has one open ticket at a time, so this only softens the
 * repeat checks; the untrusted and hidden-tab checks are per click and exact.
 */
@Injectable()
export class RiskService {
  /** Latest credited clicks per member, newest first; Map order = least recently used first. */
  private readonly recent = new Map<number, ClickTelemetry[]>();

  constructor(private readonly repository: SurfRepository) {}

  /** How much this click moves the member's score, judged against their latest claims. */
  async delta(userId: number, click: ClickTelemetry): Promise<number> {
    return riskDelta(click, await this.latest(userId));
  }

  /** A credited click joins the latest claims (after it was scored against the earlier ones). */
  remember(userId: number, click: ClickTelemetry): void {
    const latest = this.recent.get(userId);
    if (!latest) return; // Not read yet: the next read finds it in the database.
    latest.unshift(click);
    if (latest.length > RECENT_CLAIMS) latest.length = RECENT_CLAIMS;
  }

  private async latest(userId: number): Promise<ClickTelemetry[]> {
    let latest = this.recent.get(userId);
    if (latest) {
      this.recent.delete(userId);
    } else {
      const stored = await this.repository.latestClaimTelemetry(userId, RECENT_CLAIMS);
      // A concurrent claim of the same member may have read them meanwhile: keep that list.
      latest = this.recent.get(userId) ?? stored;
      this.recent.delete(userId);
    }
    this.recent.set(userId, latest);
    if (this.recent.size > REMEMBERED_MEMBERS) this.recent.delete(this.recent.keys().next().value!);
    return latest;
  }
}

export function riskDelta(click: ClickTelemetry, recent: ClickTelemetry[]): number {
  let delta = 0;
  if (!click.isTrusted) delta += 25;
  if (!click.visible) delta += 15;
  if (click.intervalMs !== null) {
    const sameInterval = recent.filter(
      (r) => r.intervalMs !== null && Math.abs(r.intervalMs - click.intervalMs!) <= SAME_INTERVAL_MS,
    ).length;
    if (sameInterval >= 2) delta += 10 * (sameInterval - 1);
  }
  // A keyboard press has no pointer position, so only pointer clicks are compared.
  if (!click.keyEvent) {
    const samePosition = recent.filter((r) => !r.keyEvent && r.x === click.x && r.y === click.y).length;
    if (samePosition >= 2) delta += 10 * (samePosition - 1);
  }
  return delta === 0 ? -5 : delta;
}
