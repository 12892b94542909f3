import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClickTelemetry } from '@shared/surf/surf.js';

/** From this score on, the next view asks for a verification code. */
export const CHALLENGE_AT = 50;
/** From this score on, the account stops earning and admins are told. */
export const BLOCK_AT = 150;

const RECENT_CLAIMS = 10;
/** Two intervals this close (ms) count as "identical": people are never that regular. */
const SAME_INTERVAL_MS = 3;

/**
 * Scores each Next click (spec 4 telemetry): untrusted (scripted) clicks, clicks in a hidden
 * tab, and repeats of the same interval or the same position seen in the last claims raise
 * the score; a clean click lowers it a little, so one odd click is forgiven over time.
 */
@Injectable()
export class RiskService {
  /** How much this click moves the member's score, judged against their latest claims. */
  async delta(manager: EntityManager, userId: number, click: ClickTelemetry): Promise<number> {
    const recent: { telemetry: ClickTelemetry | null }[] = await manager.query(
      `SELECT telemetry FROM view_tickets WHERE viewer_id = $1 AND status = 'claimed' ORDER BY claimed_at DESC LIMIT $2`,
      [userId, RECENT_CLAIMS],
    );
    return riskDelta(click, recent.map((row) => row.telemetry).filter((t): t is ClickTelemetry => t !== null));
  }
}

export function riskDelta(click: ClickTelemetry, recent: ClickTelemetry[]): number {
  let delta = 0;
  if (!click.isTrusted) delta += 25;
  if (!click.visible) delta += 15;
  if (click.intervalMs !== null) {
    const sameInterval = recent.filter((r) => r.intervalMs !== null && Math.abs(r.intervalMs - click.intervalMs!) <= SAME_INTERVAL_MS).length;
    if (sameInterval >= 2) delta += 10 * (sameInterval - 1);
  }
  // A keyboard press has no pointer position, so only pointer clicks are compared.
  if (!click.keyEvent) {
    const samePosition = recent.filter((r) => !r.keyEvent && r.x === click.x && r.y === click.y).length;
    if (samePosition >= 2) delta += 10 * (samePosition - 1);
  }
  return delta === 0 ? -5 : delta;
}
