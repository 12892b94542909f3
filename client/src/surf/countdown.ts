/** Ticks land this long after a whole second, so a timer that fires a little early still sees it pass. */
export const TICK_SLACK_MS = 15;

/** The surf bar ticks once a second, also after it reached zero (each tick resets clickedNext). */
export const TICK_MS = 1000;

/**
 * Whole seconds left until `readyAtMs` on the server's clock: never below zero nor above the
 * ticket's timer. Rounded up, so zero means the server will accept the claim.
 */
export function secondsLeft(readyAtMs: number, serverNowMs: number, timerSeconds: number): number {
  return Math.min(timerSeconds, Math.max(0, Math.ceil((readyAtMs - serverNowMs) / 1000)));
}

/** ms until the countdown next shows a lower number (lined up with the server's seconds), or a plain tick at zero. */
export function msUntilNextTick(readyAtMs: number, serverNowMs: number): number {
  const left = readyAtMs - serverNowMs;
  if (left <= 0) return TICK_MS;
  const rest = left % 1000;
  return (rest === 0 ? 1000 : rest) + TICK_SLACK_MS;
}

/** "15 s", "1:05" for the countdown's screen-reader label. */
export function countdownLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
