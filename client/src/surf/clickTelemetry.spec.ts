import { clickTelemetrySchema } from '@shared/surf/surf.js';
import { buildClickTelemetry, type NextClick, type NextClickContext } from './clickTelemetry.js';

const click: NextClick = {
  pageX: 412.5,
  pageY: 96.25,
  detail: 1,
  isTrusted: true,
  target: { x: 380.2, y: 80, width: 120.4, height: 48 },
};
const context: NextClickContext = {
  nowMs: 50_000,
  zeroAtMs: 48_800,
  previousClickAtMs: 31_000,
  visibilityState: 'visible',
  hasFocus: true,
};

describe('Next click telemetry', () => {
  it('records position, timing, the button box and trust, in the shape the server validates', () => {
    const telemetry = buildClickTelemetry(click, context);
    expect(telemetry).toEqual({
      x: 413,
      y: 96,
      clickDelayMs: 1200,
      intervalMs: 19_000,
      target: { x: 380, y: 80, width: 120, height: 48 },
      isTrusted: true,
      keyEvent: false,
      visible: true,
    });
    expect(clickTelemetrySchema.safeParse(telemetry).success).toBe(true);
  });

  it('has no interval on the first click of the tab', () => {
    expect(buildClickTelemetry(click, { ...context, previousClickAtMs: null }).intervalMs).toBeNull();
  });

  it('tells a keyboard press (detail 0) from a pointer click', () => {
    expect(buildClickTelemetry({ ...click, detail: 0, pageX: 0, pageY: 0 }, context).keyEvent).toBe(true);
  });

  it('counts the tab as seen only when it is visible and focused', () => {
    expect(buildClickTelemetry(click, { ...context, hasFocus: false }).visible).toBe(false);
    expect(buildClickTelemetry(click, { ...context, visibilityState: 'hidden' }).visible).toBe(false);
  });

  it('reports untrusted (scripted) clicks as such', () => {
    expect(buildClickTelemetry({ ...click, isTrusted: false }, context).isTrusted).toBe(false);
  });

  it('keeps every figure within what the schema accepts, whatever the clocks did', () => {
    const telemetry = buildClickTelemetry(
      { ...click, pageX: Number.NaN },
      { ...context, zeroAtMs: context.nowMs + 500, previousClickAtMs: context.nowMs - 10 * 86_400_000 },
    );
    expect(telemetry.x).toBe(0);
    expect(telemetry.clickDelayMs).toBe(0);
    expect(telemetry.intervalMs).toBe(86_400_000);
    expect(clickTelemetrySchema.safeParse(telemetry).success).toBe(true);
  });
});
