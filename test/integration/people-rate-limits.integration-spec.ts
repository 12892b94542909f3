import { BOOKMARK_ENDPOINTS } from '../../shared/bookmarks/bookmarks.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { follow, unfollow } from '../support/people-fixtures.js';
import { createPost } from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

/** The per-member limits of follows and bookmarks at their real size (factor 1). */
const testApp = useTestApp({ rateLimitFactor: 1, trustProxy: ['127.0.0.1'] });
let busy: TestMember;
let calm: TestMember;
let star: TestMember;

beforeAll(async () => {
  // Each signs up from an address of its own: the per-address signup limit is real here too.
  const from = (ip: string) => new TestBrowser(testApp.baseUrl, { 'x-forwarded-for': ip });
  busy = await signUp(testApp.baseUrl, { username: 'busy' }, from('198.51.100.21'));
  calm = await signUp(testApp.baseUrl, { username: 'calm' }, from('198.51.100.22'));
  star = await signUp(testApp.baseUrl, { username: 'star' }, from('198.51.100.23'));
});

describe('per-member limits', () => {
  it('stops a member toggling a follow 30 times a minute with 429 and retryAfter; others still follow', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((i % 2 === 0 ? await follow(busy.browser, star.id) : await unfollow(busy.browser, star.id)).status);
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await follow(busy.browser, star.id);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ code: 'rate_limited' });
    expect(refused.body.errors[0].retryAfter).toBeGreaterThan(0);
    expect(refused.body.errors[0].retryAfter).toBeLessThanOrEqual(60);
    expect((await follow(calm.browser, star.id)).status).toBe(200);
  });

  it('stops a member saving and unsaving 60 times a minute', async () => {
    const { pid } = (await createPost(star.browser)).post;
    const path = `${BOOKMARK_ENDPOINTS.list}/${pid}`;
    for (let i = 0; i < 60; i++) {
      const { status } = i % 2 === 0 ? await busy.browser.put(path) : await busy.browser.delete(path);
      expect({ i, status }).toEqual({ i, status: 200 });
    }
    const refused = await busy.browser.put(path);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].code).toBe('rate_limited');
    expect((await calm.browser.put(path)).status).toBe(200);
  });
});
