import type { ClickTelemetry } from '@shared/surf/surf.js';

/** What the Next click itself tells: where, how, and the button's box. */
export interface NextClick {
  pageX: number;
  pageY: number;
  /** MouseEvent.detail: 0 when the "click" came from the keyboard (Enter or Space). */
  detail: number;
  isTrusted: boolean;
  target: { x: number; y: number; width: number; height: number };
}

/** When the click happened, against the countdown and this tab's previous click, and whether the tab was seen. */
export interface NextClickContext {
  nowMs: number;
  /** When the countdown reached zero in this tab; null if it has not (then no click is sent). */
  zeroAtMs: number | null;
  previousClickAtMs: number | null;
  visibilityState: DocumentVisibilityState | string;
  hasFocus: boolean;
}

const MAX_MS = 86_400_000;

const finite = (value: number) => (Number.isFinite(value) ? value : 0);
const span = (ms: number) => Math.min(MAX_MS, Math.max(0, Math.round(finite(ms))));

/** The telemetry of shared/surf/surf.ts clickTelemetrySchema for one Next click. */
export function buildClickTelemetry(click: NextClick, context: NextClickContext): ClickTelemetry {
  return {
    x: Math.round(finite(click.pageX)),
    y: Math.round(finite(click.pageY)),
    clickDelayMs: context.zeroAtMs === null ? 0 : span(context.nowMs - context.zeroAtMs),
    intervalMs: context.previousClickAtMs === null ? null : span(context.nowMs - context.previousClickAtMs),
    target: {
      x: Math.round(finite(click.target.x)),
      y: Math.round(finite(click.target.y)),
      width: Math.round(finite(click.target.width)),
      height: Math.round(finite(click.target.height)),
    },
    isTrusted: click.isTrusted,
    keyEvent: click.detail === 0,
    visible: context.visibilityState === 'visible' && context.hasFocus,
  };
}
