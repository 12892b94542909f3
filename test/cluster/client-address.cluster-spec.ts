import { CONTACT_ENDPOINTS } from '../../shared/contact/contact.js';
import { GEO_COUNTRY_PATH, type GeoCountryAnswer } from '../../shared/consent/consent.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { signUp } from '../support/accounts.js';
import { startNginx, type RunningNginx } from '../support/nginx.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * The client's address behind the nginx of docs/scaling.md, with the app trusting that nginx
 * (TRUST_PROXY=127.0.0.1) and its per-address limits at their real size. The client here is on
 * loopback too, an address with no country and outside the anti-cheat's shared-address count: a
 * forged X-Forwarded-For that reached the app would show as a country, a stored address or a
 * fresh limit.
 */
const testApp = useTestApp({ rateLimitFactor: 1, trustProxy: ['127.0.0.1'] });
let nginx: RunningNginx | undefined;

beforeAll(async () => {
  nginx = await startNginx([Number(new URL(testApp.baseUrl).port)]);
});

afterAll(async () => {
  await nginx?.stop();
});

/** A browser through nginx that claims to be `forged` in the X-Forwarded-For it writes itself. */
const claiming = (forged: string) => new TestBrowser(nginx!.url, { 'x-forwarded-for': forged });

it('a client writing another X-Forwarded-For on each message still gets 429 after 5 contact messages an hour', async () => {
  const message = (n: number) => ({
    name: 'Fay Forger',
    email: 'fay@example.test',
    subject: `Forged ${n}`,
    message: 'Hello there.',
  });
  for (let sent = 0; sent < 5; sent++) {
    expect((await claiming(`203.0.113.${sent + 1}`).post(CONTACT_ENDPOINTS.send, message(sent))).status).toBe(200);
  }
  const refused = await claiming('198.51.100.77').post(CONTACT_ENDPOINTS.send, message(5));
  expect(refused.status).toBe(429);
  expect(refused.body.errors[0].code).toBe('rate_limited');
});

it("the country comes from the connection's address, not the one the client claims", async () => {
  const british = '81.2.69.142';
  expect((await claiming(british).get<GeoCountryAnswer>(GEO_COUNTRY_PATH)).body.data).toEqual({ country: null });
  expect((await claiming(british).get<StartAnswer>('/data/start')).body.data?.visitorCountry).toBeNull();
});

it("a session records the connection's address, the one the anti-cheat compares across accounts", async () => {
  const member = await signUp(nginx!.url, {}, claiming('192.0.2.50'));
  const { rows } = await testApp.db.query(`SELECT DISTINCT ip FROM sessions WHERE user_id = $1`, [member.id]);
  expect(rows).toEqual([{ ip: '127.0.0.1' }]);
});

it("a browser's Socket.IO long-polling gets nginx's affinity cookie; the app's calls do not", async () => {
  const polling = await fetch(`${nginx!.url}/socket.io/?EIO=4&transport=polling`);
  expect(polling.status).toBe(200);
  expect(polling.headers.getSetCookie()).toEqual([expect.stringMatching(/^surfex_lb=[0-9a-f]{32}; Path=\/socket\.io\/;/)]);
  const call = await fetch(`${nginx!.url}/data/start`);
  expect(call.headers.getSetCookie().filter((cookie) => cookie.startsWith('surfex_lb='))).toEqual([]);
});
