import { jest } from '@jest/globals';
import { OwnerFlushes } from './owner-flushes.js';

const INTERVAL_MS = 1000;

/** Flushes recorded as [owner, ms since the test started]; each flush takes `flushMs` of fake time. */
function recorder(flushMs = 0) {
  const started = Date.now();
  const flushed: [number, number][] = [];
  const errors: number[] = [];
  const flushes = new OwnerFlushes(
    INTERVAL_MS,
    async (ownerId) => {
      flushed.push([ownerId, Date.now() - started]);
      if (flushMs > 0) await new Promise((resolve) => setTimeout(resolve, flushMs));
    },
    (ownerId) => errors.push(ownerId),
  );
  return { flushes, flushed, errors };
}

/** Lets the flush promises settle, then moves the fake clock on. */
async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

describe('OwnerFlushes', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('flushes the first change at once and the changes of the next second once, at its end', async () => {
    const { flushes, flushed } = recorder();
    flushes.changed(7);
    await advance(0);
    expect(flushed).toEqual([[7, 0]]);
    for (let view = 0; view < 20; view++) {
      flushes.changed(7);
      await advance(50);
    }
    expect(flushed).toEqual([
      [7, 0],
      [7, 1000],
    ]);
    await advance(5000);
    expect(flushed).toHaveLength(2);
  });

  it('keeps owners apart', async () => {
    const { flushes, flushed } = recorder();
    flushes.changed(1);
    flushes.changed(2);
    flushes.changed(1);
    await advance(2000);
    expect(flushed).toEqual([
      [1, 0],
      [2, 0],
      [1, 1000],
    ]);
  });

  it('flushes an urgent change at once, even within the quiet second', async () => {
    const { flushes, flushed } = recorder();
    flushes.changed(7);
    await advance(200);
    flushes.changed(7, true);
    await advance(0);
    expect(flushed).toEqual([
      [7, 0],
      [7, 200],
    ]);
    await advance(5000);
    expect(flushed).toHaveLength(2);
  });

  it('tells each flush whether a change in it was urgent', async () => {
    const urgency: boolean[] = [];
    const flushes = new OwnerFlushes(
      INTERVAL_MS,
      async (_ownerId, urgent) => {
        urgency.push(urgent);
      },
      () => undefined,
    );
    flushes.changed(7);
    await advance(0);
    flushes.changed(7, true);
    await advance(0);
    flushes.changed(7);
    await advance(INTERVAL_MS);
    expect(urgency).toEqual([false, true, false]);
  });

  it('never runs two flushes of one owner at once: an urgent change during a flush flushes right after it', async () => {
    const { flushes, flushed } = recorder(300);
    flushes.changed(7);
    await advance(100);
    flushes.changed(7, true);
    await advance(199);
    expect(flushed).toEqual([[7, 0]]);
    await advance(1);
    expect(flushed).toEqual([
      [7, 0],
      [7, 300],
    ]);
  });

  it('a flush that fails is reported and the owner still gets the next one', async () => {
    let calls = 0;
    const errors: number[] = [];
    const flushes = new OwnerFlushes(
      INTERVAL_MS,
      async () => {
        calls++;
        if (calls === 1) throw new Error('database unavailable');
      },
      (ownerId) => errors.push(ownerId),
    );
    flushes.changed(7);
    await advance(0);
    flushes.changed(7);
    await advance(1000);
    expect({ calls, errors }).toEqual({ calls: 2, errors: [7] });
  });

  it('forgets an owner after a quiet second, and flushes nothing after close', async () => {
    const { flushes, flushed } = recorder();
    flushes.changed(7);
    await advance(1500);
    flushes.changed(7);
    await advance(0);
    expect(flushed).toEqual([
      [7, 0],
      [7, 1500],
    ]);
    flushes.changed(7);
    await flushes.close();
    flushes.changed(7);
    await advance(5000);
    expect(flushed).toHaveLength(2);
  });

  it('close resolves once the flush under way has ended (before the database it reads closes)', async () => {
    const { flushes, flushed } = recorder(300);
    flushes.changed(7);
    await advance(0);
    expect(flushed).toHaveLength(1);
    let closed = false;
    const closing = flushes.close().then(() => (closed = true));
    await advance(200);
    expect(closed).toBe(false);
    await advance(100);
    await closing;
    expect(closed).toBe(true);
  });
});
