// The click telemetry of a person pressing Next: a random point on the button, a varied delay
// and interval, trusted, in a visible tab. The surf diagnostics send it with every claim.

export function humanTelemetry() {
  return {
    x: 820 + Math.random() * 90,
    y: 60 + Math.random() * 30,
    clickDelayMs: 200 + Math.random() * 2000,
    intervalMs: 15_000 + Math.random() * 30_000,
    target: { x: 812, y: 58, width: 104, height: 40 },
    isTrusted: true,
    keyEvent: false,
    visible: true,
  };
}
