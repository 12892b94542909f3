import { CSS_CHUNK_LOAD_FAILED } from '@shared/constants/timing.js';
import { ChunkLoadError, loadWithRetry } from './lazyScreen.js';

describe('loading a screen chunk', () => {
  it('retries a failing load up to 10 times, waiting N seconds before attempt N, then throws', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('Failed to fetch dynamically imported module'));
    };
    await expect(loadWithRetry(failing, { sleep: async (ms) => void waits.push(ms) })).rejects.toBeInstanceOf(ChunkLoadError);
    expect(calls).toBe(11);
    expect(waits).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]);
  });

  it('answers the module as soon as a retry succeeds', async () => {
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(new Error('offline')) : Promise.resolve('module'));
    await expect(loadWithRetry(flaky, { sleep: async () => undefined })).resolves.toBe('module');
    expect(calls).toBe(3);
  });

  it('gives up on an attempt that hangs past the timeout', async () => {
    let calls = 0;
    const hanging = () => {
      calls++;
      return new Promise<never>(() => undefined);
    };
    await expect(loadWithRetry(hanging, { sleep: async () => undefined, timeoutMs: 5 })).rejects.toThrow(/timed out/);
    expect(calls).toBe(11);
  });

  it('marks a stylesheet that failed to load with CSS_CHUNK_LOAD_FAILED', async () => {
    const cssFails = () => Promise.reject(new Error('Unable to preload CSS for /assets/Terms.css'));
    const error = await loadWithRetry(cssFails, { sleep: async () => undefined }).catch((e) => e);
    expect(error.code).toBe(CSS_CHUNK_LOAD_FAILED);
  });
});
