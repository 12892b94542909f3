import { createServer } from 'node:net';
import type { Envelope } from '../../shared/api/envelope.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { HEALTH_ENDPOINTS, type ReadyAnswer } from '../../shared/health/health.js';
import { eventually } from '../support/eventually.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * Readiness (`GET /data/ready`) asks PostgreSQL and Redis each time; liveness (`/data/health`)
 * only says the process answers. The app reaches both through TCP proxies the tests cut, as a
 * network or a dependency fails while the process keeps running.
 */
const REDIS_URL = process.env.REDIS_URL_FOR_TESTS ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function get(
  baseUrl: string,
  path: string,
): Promise<{ status: number; retryAfter: string | null; body: Envelope<unknown> }> {
  // Plain fetch: these 503s are the answers under test, not server errors.
  const response = await fetch(`${baseUrl}${path}`, { headers: { accept: 'application/json' } });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Envelope<unknown>,
  };
}

const notReady = (dependency: 'database' | 'redis') =>
  expect.objectContaining({ code: ErrorCode.Unavailable, dependency, retryAfter: 2 });

describe('with PostgreSQL and Redis', () => {
  let databaseProxy: TcpProxy;
  let redisProxy: TcpProxy;
  const testApp = useTestApp(
    {},
    {
      appDatabaseUrl: async (databaseUrl) => {
        const target = new URL(databaseUrl);
        databaseProxy = new TcpProxy(target.hostname, Number(target.port || 5432));
        await databaseProxy.start();
        return databaseProxy.urlThrough(databaseUrl);
      },
      startOverrides: async () => {
        const target = new URL(REDIS_URL);
        redisProxy = new TcpProxy(target.hostname, Number(target.port || 6379));
        await redisProxy.start();
        return { redisUrl: redisProxy.urlThrough(REDIS_URL) };
      },
    },
  );

  afterAll(async () => {
    await Promise.all([databaseProxy?.cut(), redisProxy?.cut()]);
  });

  it('is ready when both answer', async () => {
    const answer = await get(testApp.baseUrl, HEALTH_ENDPOINTS.ready);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ database: 'ok', redis: 'ok' } satisfies ReadyAnswer);
  });

  it('answers 503 with Retry-After naming Redis while Redis cannot be reached, and is ready again once it can; liveness stays 200', async () => {
    await redisProxy.cut();
    const down = await get(testApp.baseUrl, HEALTH_ENDPOINTS.ready);
    expect(down.status).toBe(503);
    expect(down.retryAfter).toBe('2');
    expect(down.body.data).toBeNull();
    expect(down.body.errors).toEqual([notReady('redis')]);
    expect((await get(testApp.baseUrl, HEALTH_ENDPOINTS.health)).status).toBe(200);

    await redisProxy.restore();
    await eventually(async () => expect((await get(testApp.baseUrl, HEALTH_ENDPOINTS.ready)).status).toBe(200), 10_000);
  });

  it('names PostgreSQL when the database cannot be reached, and both when neither can', async () => {
    await databaseProxy.cut();
    const down = await get(testApp.baseUrl, HEALTH_ENDPOINTS.ready);
    expect(down.status).toBe(503);
    expect(down.body.errors).toEqual([notReady('database')]);

    await redisProxy.cut();
    expect((await get(testApp.baseUrl, HEALTH_ENDPOINTS.ready)).body.errors).toEqual([notReady('database'), notReady('redis')]);

    await Promise.all([databaseProxy.restore(), redisProxy.restore()]);
    await eventually(async () => expect((await get(testApp.baseUrl, HEALTH_ENDPOINTS.ready)).status).toBe(200), 10_000);
  });
});

describe('started with REDIS_URL at a port nothing listens on', () => {
  const testApp = useTestApp(
    {},
    {
      startOverrides: async () => {
        const probe = createServer();
        await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
        const { port } = probe.address() as { port: number };
        await new Promise((resolve) => probe.close(resolve));
        return { redisUrl: `redis://127.0.0.1:${port}` };
      },
    },
  );

  it('starts, answers liveness, and is not ready: 503 naming Redis', async () => {
    expect((await get(testApp.baseUrl, HEALTH_ENDPOINTS.health)).status).toBe(200);
    const ready = await get(testApp.baseUrl, HEALTH_ENDPOINTS.ready);
    expect(ready.status).toBe(503);
    expect(ready.retryAfter).toBe('2');
    expect(ready.body.errors).toEqual([notReady('redis')]);
  });
});

describe('without REDIS_URL', () => {
  const testApp = useTestApp();

  it('is ready on PostgreSQL alone and says Redis is not used', async () => {
    const answer = await get(testApp.baseUrl, HEALTH_ENDPOINTS.ready);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ database: 'ok', redis: 'not_configured' } satisfies ReadyAnswer);
  });

  it('serves no /metrics without METRICS_TOKEN', async () => {
    const response = await fetch(`${testApp.baseUrl}${HEALTH_ENDPOINTS.metrics}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('surfex_');
  });
});
