import Fastify from 'fastify';
import { Histogram, Registry } from 'prom-client';
import type { HttpLabels } from './app-metrics.js';
import { attachHttpMetrics, RouteLabels } from './http-metrics.js';

describe('RouteLabels', () => {
  it('answers the same label object for the same method and status, so counting allocates none', () => {
    const labels = new RouteLabels('/data/posts/:pid');
    const first = labels.of('GET', 200);
    expect(first).toEqual({ method: 'GET', route: '/data/posts/:pid', status_code: '200' });
    expect(labels.of('GET', 200)).toBe(first);
    expect(labels.of('GET', 404)).toEqual({ method: 'GET', route: '/data/posts/:pid', status_code: '404' });
    expect(labels.of('HEAD', 200)).not.toBe(first);
  });
});

describe('attachHttpMetrics', () => {
  const fastify = Fastify({ logger: false });
  const duration = new Histogram<keyof HttpLabels>({
    name: 'test_http_seconds',
    help: 'test',
    labelNames: ['method', 'route', 'status_code'],
    registers: [new Registry()],
  });
  let url: string;

  beforeAll(async () => {
    attachHttpMetrics(fastify, duration);
    fastify.get('/posts/:pid', async (request, reply) => {
      const { pid } = request.params as { pid: string };
      return pid === '0' ? reply.code(404).send({ missing: true }) : { pid };
    });
    // Over a real connection: light-my-request's inject does not load under Jest's ESM.
    url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });

  beforeEach(() => duration.reset());

  afterAll(() => fastify.close());

  /** Observations so far, as "METHOD route status" → count. */
  async function counts(): Promise<Record<string, number>> {
    return Object.fromEntries(
      (await duration.get()).values
        .filter((value) => value.metricName === 'test_http_seconds_count')
        .map((value) => [`${value.labels.method} ${value.labels.route} ${value.labels.status_code}`, value.value]),
    );
  }

  it('times each answer under its route pattern, method and status, whatever the address', async () => {
    for (const pid of ['1', '2', '0']) await (await fetch(`${url}/posts/${pid}`)).text();
    expect(await counts()).toEqual({ 'GET /posts/:pid 200': 2, 'GET /posts/:pid 404': 1 });
  });

  it('counts a HEAD request once, under HEAD (Fastify answers it through the GET route’s twin)', async () => {
    await fetch(`${url}/posts/1`, { method: 'HEAD' });
    expect(await counts()).toEqual({ 'HEAD /posts/:pid 200': 1 });
  });
});
