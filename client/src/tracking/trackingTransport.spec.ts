import { jest } from '@jest/globals';
import { TRACKING_RETRY_DELAY_MS, createTrackingTransport } from './trackingTransport.js';

function setUp(answers: (number | 'network')[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? 200;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ data: null, errors: [], maintenance: false }), { status: answer });
  }) as typeof globalThis.fetch;
  const send = createTrackingTransport({
    fetch,
    dataDomain: 'https://api.surfex.test',
    setTimeout: (run, ms) => setTimeout(run, ms),
  });
  return { send, calls };
}

/** Lets the fetch promises settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('tracking transport', () => {
  it('sends JSON with the XHR marker and the cookies, keepalive when asked', async () => {
    const { send, calls } = setUp([]);
    send('PUT', '/data/z5-stats/update', { pageID: 'abcdefgh' }, { keepalive: true });
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://api.surfex.test/data/z5-stats/update');
    expect(calls[0].init).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      keepalive: true,
      body: JSON.stringify({ pageID: 'abcdefgh' }),
      headers: { 'x-requested-with': 'XMLHttpRequest', 'Content-Type': 'application/json' },
    });
  });

  it('tries a refused or lost call once more, later, and then drops it', async () => {
    const { send, calls } = setUp([503, 503, 'network', 'network']);
    send('POST', '/data/z5-stats/record', {}, { retry: true });
    send('POST', '/data/z5-stats/record', {}, { retry: true });
    await settle();
    expect(calls).toHaveLength(2);
    jest.advanceTimersByTime(TRACKING_RETRY_DELAY_MS);
    await settle();
    expect(calls).toHaveLength(4);
    jest.advanceTimersByTime(TRACKING_RETRY_DELAY_MS * 10);
    await settle();
    expect(calls).toHaveLength(4);
  });

  it('does not retry a call that was not asked to, nor one that was answered', async () => {
    const { send, calls } = setUp([503, 400, 'network']);
    send('PUT', '/data/z5-stats/update', {});
    send('POST', '/data/z5-stats/record', {}, { retry: true });
    send('PUT', '/data/z5-stats/update', {}, { keepalive: true, retry: true });
    await settle();
    jest.advanceTimersByTime(TRACKING_RETRY_DELAY_MS * 2);
    await settle();
    expect(calls).toHaveLength(3);
  });

  it('never throws, even when fetch itself throws', () => {
    const send = createTrackingTransport({
      fetch: () => {
        throw new TypeError('blocked');
      },
      dataDomain: '',
      setTimeout: () => undefined,
    });
    expect(() => send('POST', '/data/z5-stats/record', {})).not.toThrow();
  });
});
