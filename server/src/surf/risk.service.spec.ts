import type { ClickTelemetry } from '@shared/surf/surf.js';
import { riskDelta } from './risk.service.js';

const click = (overrides: Partial<ClickTelemetry> = {}): ClickTelemetry => ({
  x: 500,
  y: 300,
  clickDelayMs: 800,
  intervalMs: 17_000,
  target: { x: 450, y: 280, width: 120, height: 40 },
  isTrusted: true,
  keyEvent: false,
  visible: true,
  ...overrides,
});

describe('riskDelta', () => {
  it('a clean click lowers the score a little', () => {
    expect(riskDelta(click(), [])).toBe(-5);
    expect(riskDelta(click(), [click({ x: 1, intervalMs: 30_000 }), click({ y: 2, intervalMs: null })])).toBe(-5);
  });

  it('an untrusted click costs 25, a click in a hidden tab 15', () => {
    expect(riskDelta(click({ isTrusted: false }), [])).toBe(25);
    expect(riskDelta(click({ visible: false }), [])).toBe(15);
    expect(riskDelta(click({ isTrusted: false, visible: false }), [])).toBe(40);
  });

  it('from two earlier claims with the same interval (within 3 ms) or position, each repeat costs 10', () => {
    const same = click({ intervalMs: 15_000 });
    expect(riskDelta(same, [click({ intervalMs: 15_002, x: 1 })])).toBe(-5);
    expect(riskDelta(same, [click({ intervalMs: 15_002, x: 1 }), click({ intervalMs: 14_997, x: 2 })])).toBe(10);
    expect(riskDelta(same, [click({ intervalMs: 15_004, x: 1 }), click({ intervalMs: 14_997, x: 2 })])).toBe(-5);
    expect(riskDelta(same, [click({ intervalMs: 1 }), click({ intervalMs: 2 }), click({ intervalMs: 3 })])).toBe(20);
    expect(riskDelta(same, [same, same, same])).toBe(40);
  });

  it('a keyboard press has no position, so only its interval is compared', () => {
    const key = click({ keyEvent: true, intervalMs: 9000 });
    expect(riskDelta(key, [click({ keyEvent: true, intervalMs: 1 }), click({ keyEvent: true, intervalMs: 2 })])).toBe(-5);
    expect(riskDelta(key, [key, key])).toBe(10);
  });
});
