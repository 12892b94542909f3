import { Writable } from 'node:stream';
import { pino } from 'pino';
import { lazyRequestLoggerFactory, requestIdGenerator } from './request-logging.js';

function capture(): { logger: pino.Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
  return { logger: pino({ level: 'info' }, stream), lines: () => chunks.join('').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
}

describe('request logging', () => {
  it('writes a request logger line with the request id bound, and nothing for requests that do not log', () => {
    const { logger, lines } = capture();
    const make = lazyRequestLoggerFactory.bind(null as never);
    make(logger, { reqId: 'quiet-1' }, {}, null as never);
    const request = make(logger, { reqId: 'loud-2' }, {}, null as never);
    request.info({ status: 200 }, 'request');
    request.debug('below the level');
    request.child({ part: 'inner' }).warn('nested');
    expect(lines()).toEqual([
      expect.objectContaining({ reqId: 'loud-2', status: 200, msg: 'request', level: 30 }),
      expect.objectContaining({ reqId: 'loud-2', part: 'inner', msg: 'nested', level: 40 }),
    ]);
    expect(request.level).toBe('info');
  });

  it('gives every request of a process its own id, and another process other ids', () => {
    const first = requestIdGenerator();
    const ids = new Set(Array.from({ length: 1000 }, () => first()));
    expect(ids.size).toBe(1000);
    expect(ids.has(requestIdGenerator()())).toBe(false);
  });
});
