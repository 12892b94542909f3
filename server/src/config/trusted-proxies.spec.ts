import { get } from 'node:http';
import Fastify from 'fastify';
import { loadConfig } from './app-config.js';
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies.js';

describe('TRUST_PROXY: the proxies whose X-Forwarded-For the app believes', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const none of ['', 'false', ' false ']) expect(parseTrustedProxies(none)).toBe(false);
  });

  it('reads addresses, CIDR ranges and the named private ranges, comma-separated', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(parseTrustedProxies('10.0.0.5, 10.0.1.0/24,fd00::/8, ::1,loopback')).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
    expect(parseTrustedProxies('uniquelocal,linklocal')).toEqual(['uniquelocal', 'linklocal']);
  });

  it('refuses true at start-up, saying why and what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would take any address a client writes/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=10\.0\.0\.5/);
  });

  it('refuses a hop count, which cannot tell a proxy from a client reaching the app directly', () => {
    for (const hops of ['0', '1', '2']) expect(() => loadConfig({ TRUST_PROXY: hops })).toThrow(/TRUST_PROXY: a hop count/);
  });

  it('refuses anything that is not an address or a range, naming it', () => {
    for (const bad of ['nginx', '10.0.0.0/33', '::/129', '10.0.0.0/8/1', '10.0.0.256', '10.0.0.5,', '10.0.0.0/x', 'yes']) {
      expect(() => parseTrustedProxies(bad)).toThrow(/is not an address, a CIDR range/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,proxy' })).toThrow(/TRUST_PROXY: "proxy" is not an address/);
  });
});

describe("the client's address Fastify derives from it (request.ip)", () => {
  // Loopback has a whole /8 on Linux: the proxy calls from 127.0.0.2, a client that skips it from 127.0.0.3.
  const PROXY = '127.0.0.2';
  const DIRECT_CLIENT = '127.0.0.3';

  async function addressSeen(trust: TrustedProxies, from: string, forwardedFor?: string): Promise<string> {
    const app = Fastify({ trustProxy: trust });
    app.get('/', (request) => ({ ip: request.ip }));
    const url = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
    try {
      return await new Promise<string>((resolve, reject) => {
        const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
        get({ host: url.hostname, port: url.port, path: '/', localAddress: from, headers }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve((JSON.parse(body) as { ip: string }).ip));
        }).on('error', reject);
      });
    } finally {
      await app.close();
    }
  }

  it('takes the address the named proxy received the request from, not what the client wrote before it', async () => {
    const proxy = parseTrustedProxies(PROXY);
    expect(await addressSeen(proxy, PROXY, '203.0.113.7')).toBe('203.0.113.7');
    // An nginx that appends ($proxy_add_x_forwarded_for) keeps the client's own header in front.
    expect(await addressSeen(proxy, PROXY, '81.2.69.142, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from a client that reaches the app without the proxy', async () => {
    expect(await addressSeen(parseTrustedProxies(`${PROXY}/32`), DIRECT_CLIENT, '81.2.69.142')).toBe(DIRECT_CLIENT);
  });

  it('ignores X-Forwarded-For altogether without a proxy', async () => {
    expect(await addressSeen(parseTrustedProxies('false'), PROXY, '81.2.69.142')).toBe(PROXY);
  });
});
