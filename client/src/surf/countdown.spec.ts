import { countdownLabel, msUntilNextTick, secondsLeft, TICK_SLACK_MS } from './countdown.js';

describe('surf countdown', () => {
  const issuedAt = 1_000_000;
  const readyAt = issuedAt + 15_000;

  it('counts whole seconds down on the server clock, rounding up so zero means the server agrees', () => {
    expect(secondsLeft(readyAt, issuedAt, 15)).toBe(15);
    expect(secondsLeft(readyAt, issuedAt + 1, 15)).toBe(15);
    expect(secondsLeft(readyAt, issuedAt + 1000, 15)).toBe(14);
    expect(secondsLeft(readyAt, readyAt - 1, 15)).toBe(1);
    expect(secondsLeft(readyAt, readyAt, 15)).toBe(0);
    expect(secondsLeft(readyAt, readyAt + 60_000, 15)).toBe(0);
  });

  it('never shows more than the timer, even when this clock is behind the server', () => {
    expect(secondsLeft(readyAt, issuedAt - 30_000, 15)).toBe(15);
  });

  it('schedules the next tick at the next whole server second', () => {
    expect(msUntilNextTick(readyAt, issuedAt)).toBe(1000 + TICK_SLACK_MS);
    expect(msUntilNextTick(readyAt, issuedAt + 300)).toBe(700 + TICK_SLACK_MS);
    expect(msUntilNextTick(readyAt, readyAt - 1)).toBe(1 + TICK_SLACK_MS);
    expect(msUntilNextTick(readyAt, readyAt + 5)).toBe(1000);
  });

  it('labels the time left', () => {
    expect(countdownLabel(15)).toBe('15 s');
    expect(countdownLabel(65)).toBe('1:05');
  });
});
