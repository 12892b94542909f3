import { Writable } from 'node:stream';
import { createLogger } from './create-logger.js';
import { PinoNestLogger } from './pino-nest-logger.js';

/** A destination that keeps what the logger wrote. */
function capture(): { stream: Writable; text(): Promise<string> } {
  let written = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  // The readable format goes through a stream pipeline: let it drain before reading.
  return { stream, text: () => new Promise((resolve) => setImmediate(() => resolve(written))) };
}

const STACK = 'Error: boom\n    at handler (server/src/x.ts:1:1)';

describe('the app logger', () => {
  it('writes one JSON object per line in the json format, with the request id of an error', async () => {
    const out = capture();
    const nest = new PinoNestLogger(createLogger({ level: 'info', format: 'json' }, out.stream));
    nest.warn('The database cannot be reached', 'http');
    nest.error('Unexpected error in GET /data/x (request abc-1)', STACK, 'http');

    const lines = (await out.text()).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 40, context: 'http', msg: 'The database cannot be reached' }),
      expect.objectContaining({
        level: 50,
        context: 'http',
        msg: 'Unexpected error in GET /data/x (request abc-1)',
        trace: STACK,
      }),
    ]);
  });

  it('writes readable lines in the pretty format: level, context, message, then the stack trace below', async () => {
    const out = capture();
    const logger = createLogger({ level: 'debug', format: 'pretty' }, out.stream);
    logger.info('Surfex is running at http://localhost:3000');
    logger.debug({ reqId: 'abc-2', method: 'GET', url: '/data/start', status: 200, ms: 3 }, 'GET /data/start 200');
    new PinoNestLogger(logger).error('Unexpected error in GET /data/x (request abc-1)', STACK, 'http');

    const lines = (await out.text()).trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Surfex is running at http:\/\/localhost:3000$/),
      expect.stringMatching(/^\[[\d:.]+\] DEBUG: GET \/data\/start 200 \{"reqId":"abc-2","ms":3\}$/),
      expect.stringMatching(/^\[[\d:.]+\] ERROR: \[http\] Unexpected error in GET \/data\/x \(request abc-1\)$/),
      '    Error: boom',
      '        at handler (server/src/x.ts:1:1)',
    ]);
  });
});
