import { TRACKING_ENDPOINTS, type FeedActivity, type FeedActivityName } from '../../shared/tracking/tracking.js';
import { TrackingPartitions } from '../../server/src/tracking/tracking-partitions.js';
import { TrackingWriter } from '../../server/src/tracking/tracking-writer.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { captureErrorLog } from '../support/error-log.js';
import { postBy } from '../support/social-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';
import { trackingId, visitRecord } from '../support/tracking-fixtures.js';

/**
 * Views, link clicks, plays, image views and profile views count once a day per viewer: repeats
 * are stored raw but add nothing to the rollups (the ways around it: tracking-trusted-counts).
 * Counted views are broken down by the browser's language and the device and referrer of the
 * page view they happened in.
 */
const errorLog = captureErrorLog();
const testApp = useTestApp(
  { trustProxy: ['127.0.0.1'], tracking: { bufferMax: 50_000, flushMs: 60_000, retentionDays: 90 } },
  { afterEach: async () => expect(errorLog.lines.splice(0)).toEqual([]) },
);
let owner: TestMember;

beforeAll(async () => {
  owner = await signUp(testApp.baseUrl);
});

afterAll(() => errorLog.stop());

let visitors = 0;
/** A browser from an address of its own (so the address hash does not tie visitors together), with extra headers. */
function visitor(headers: Record<string, string> = {}): TestBrowser {
  const address = `81.2.69.${100 + ++visitors}`;
  return new TestBrowser(testApp.baseUrl, { 'x-forwarded-for': address, ...headers });
}

function notes(visit: string | undefined, page?: string) {
  return { source: 'website' as const, place: 'feed' as const, ...(visit ? { visit } : {}), ...(page ? { page } : {}) };
}

function postView(obj: number, seen: 5 | 10, visit?: string, page?: string): FeedActivity<'post_view'> {
  return { obj, notes: { ...notes(visit, page), seen, time: seen === 10 ? 2000 : 0 } };
}

function linkClick(obj: number, visit?: string): FeedActivity<'post_link_click'> {
  return { obj, notes: { ...notes(visit), url: 'https://a.example/', post: obj } };
}

async function send(browser: TestBrowser, name: FeedActivityName, payload: unknown, headers: Record<string, string> = {}) {
  const { status } = await browser.call(`${TRACKING_ENDPOINTS.feedActivity}/${name}`, { method: 'POST', json: payload, headers });
  expect(status).toBe(200);
}

async function flush(): Promise<void> {
  await testApp.app.get(TrackingWriter).flush();
}

async function hourlyOf(pid: number) {
  const { rows } = await testApp.db.query(
    `SELECT coalesce(sum(seen), 0)::int AS seen, coalesce(sum(viewed), 0)::int AS viewed,
       coalesce(sum(link_clicks), 0)::int AS "linkClicks", coalesce(sum(video_plays), 0)::int AS "videoPlays",
       coalesce(sum(profile_views), 0)::int AS "profileViews"
     FROM post_stats_hourly WHERE post_id = $1`,
    [pid],
  );
  return rows[0];
}

async function rawEvents(pid: number, name: string): Promise<number> {
  const { rows } = await testApp.db.query(`SELECT count(*)::int AS n FROM feed_events WHERE post_id = $1 AND name = $2`, [
    pid,
    name,
  ]);
  return rows[0].n;
}

describe('once a day per viewer', () => {
  it("counts a viewer's repeated views, clicks and plays of a post once, within a batch and across batches, and another viewer again", async () => {
    const pid = await postBy(owner.browser);
    const browser = visitor();
    for (let i = 0; i < 3; i++) await send(browser, 'post_view', postView(pid, 10, trackingId()));
    await send(browser, 'post_link_click', linkClick(pid));
    await send(browser, 'post_link_click', linkClick(pid));
    await send(browser, 'playVideo', { obj: pid, notes: notes(undefined) });
    await send(browser, 'playVideo', { obj: pid, notes: notes(undefined) });
    await flush();
    // A full view and a click count as the post seen too, once.
    expect(await hourlyOf(pid)).toMatchObject({ seen: 1, viewed: 1, linkClicks: 1, videoPlays: 1 });

    await send(browser, 'post_view', postView(pid, 10, trackingId()));
    await send(browser, 'post_link_click', linkClick(pid));
    await send(browser, 'playVideo', { obj: pid, notes: notes(undefined) });
    const second = visitor();
    await send(second, 'post_view', postView(pid, 10));
    await send(second, 'post_view', postView(pid, 5));
    await send(second, 'post_link_click', linkClick(pid));
    await send(second, 'playVideo', { obj: pid, notes: notes(undefined) });
    await flush();
    expect(await hourlyOf(pid)).toMatchObject({ seen: 2, viewed: 2, linkClicks: 2, videoPlays: 2 });

    // Every call is still stored as it came.
    expect(await rawEvents(pid, 'post_view')).toBe(6);
    expect(await rawEvents(pid, 'post_link_click')).toBe(4);
    expect(await rawEvents(pid, 'playVideo')).toBe(4);
    const { rows } = await testApp.db.query(`SELECT country, seen, viewed FROM post_stats_country_daily WHERE post_id = $1`, [
      pid,
    ]);
    expect(rows).toEqual([{ country: 'GB', seen: 2, viewed: 2 }]);
  });

  it('counts a signed-in member once, apart from the visitors of the same address', async () => {
    const pid = await postBy(owner.browser);
    const member = await signUp(testApp.baseUrl);
    const address = '81.2.69.250';
    await send(member.browser, 'post_view', postView(pid, 10), { 'x-forwarded-for': address });
    await send(member.browser, 'post_view', postView(pid, 10), { 'x-forwarded-for': address });
    await send(visitor({ 'x-forwarded-for': address }), 'post_view', postView(pid, 10));
    await flush();
    expect(await hourlyOf(pid)).toMatchObject({ viewed: 2 });
  });
});

describe('breakdowns', () => {
  it('split counted views by the language of the call and the device and referrer of their page view', async () => {
    const pid = await postBy(owner.browser);
    const phone = visitRecord({ screenWidth: 390, screenHeight: 844, referrer: 'https://WWW.Search.example/q?x=1' });
    const german = visitor({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    await german.post(TRACKING_ENDPOINTS.record, phone);
    // In the batch of its page view: the page view is found all the same.
    await send(german, 'post_view', postView(pid, 5, phone.visitID, phone.pageID));
    await send(german, 'post_view', postView(pid, 10, phone.visitID, phone.pageID));
    await send(german, 'post_view', postView(pid, 10, phone.visitID, phone.pageID));
    await flush();
    // A later batch, a page view recorded before, no usable language.
    const desktop = visitRecord({ screenWidth: 1920 });
    const other = visitor({ 'accept-language': '*' });
    await other.post(TRACKING_ENDPOINTS.record, desktop);
    await flush();
    await send(other, 'post_view', postView(pid, 10, desktop.visitID, desktop.pageID));
    // A page view nobody recorded.
    await send(visitor({ 'accept-language': 'fr' }), 'post_view', postView(pid, 10, trackingId(), trackingId()));
    await flush();

    const pageViews = await testApp.db.query(
      `SELECT page_id, device, referrer_host FROM page_views WHERE page_id = ANY ($1) ORDER BY device`,
      [[phone.pageID, desktop.pageID]],
    );
    expect(pageViews.rows).toEqual([
      { page_id: desktop.pageID, device: 'desktop', referrer_host: '' },
      { page_id: phone.pageID, device: 'phone', referrer_host: 'search.example' },
    ]);
    const events = await testApp.db.query(
      `SELECT DISTINCT visit_id, page_id, language FROM feed_events WHERE post_id = $1 AND visit_id = $2`,
      [pid, phone.visitID],
    );
    expect(events.rows).toEqual([{ visit_id: phone.visitID, page_id: phone.pageID, language: 'de' }]);

    const { rows } = await testApp.db.query(
      `SELECT dimension, value, seen, viewed FROM post_stats_dimension_daily WHERE post_id = $1 ORDER BY dimension, value`,
      [pid],
    );
    expect(rows).toEqual([
      { dimension: 'device', value: '', seen: 1, viewed: 1 },
      { dimension: 'device', value: 'desktop', seen: 1, viewed: 1 },
      { dimension: 'device', value: 'phone', seen: 1, viewed: 1 },
      { dimension: 'language', value: '', seen: 1, viewed: 1 },
      { dimension: 'language', value: 'de', seen: 1, viewed: 1 },
      { dimension: 'language', value: 'fr', seen: 1, viewed: 1 },
      { dimension: 'referrer', value: '', seen: 2, viewed: 2 },
      { dimension: 'referrer', value: 'search.example', seen: 1, viewed: 1 },
    ]);
  });

  it('find a page view recorded the day before (a page left open across midnight)', async () => {
    const pid = await postBy(owner.browser);
    const pageId = trackingId();
    await testApp.app.get(TrackingPartitions).maintain();
    await testApp.db.query(
      `INSERT INTO page_views (day, page_id, visit_id, visitor_id, url, referrer, window_width, window_height,
         screen_width, screen_height, client_time, started_at, last_seen_at, address_hash, device, referrer_host)
       VALUES ((now() AT TIME ZONE 'UTC')::date - 1, $1, 'visit-yesterday', 'visitor-yesterday', 'https://surfex.example/',
         'https://old.example/', 800, 600, 800, 600, now() - interval '1 day', now() - interval '1 day',
         now() - interval '1 day', 'hash', 'tablet', 'old.example')`,
      [pageId],
    );
    await send(visitor(), 'post_view', postView(pid, 10, 'visit-yesterday', pageId));
    await flush();
    const { rows } = await testApp.db.query(
      `SELECT dimension, value, viewed FROM post_stats_dimension_daily WHERE post_id = $1 AND dimension <> 'language'
       ORDER BY dimension`,
      [pid],
    );
    expect(rows).toEqual([
      { dimension: 'device', value: 'tablet', viewed: 1 },
      { dimension: 'referrer', value: 'old.example', viewed: 1 },
    ]);
  });
});

describe('profile views', () => {
  it("land on the member's profile and on the post it was opened from, once a day per viewer", async () => {
    const pid = await postBy(owner.browser);
    const profileView = (obj: number | null): FeedActivity<'profile_view'> => ({
      obj,
      notes: { source: 'website', place: 'surf', profile: owner.id, visit: trackingId() },
    });
    const [first, second] = [visitor(), visitor()];
    await send(first, 'profile_view', profileView(pid));
    await send(first, 'profile_view', profileView(pid));
    await send(first, 'profile_view', profileView(null));
    await send(second, 'profile_view', profileView(null));
    // A member nobody is: stored raw, counted nowhere, the batch still lands.
    await send(visitor(), 'profile_view', { obj: pid, notes: { source: 'website', profile: 2_000_000_000 } });
    await flush();

    expect(await hourlyOf(pid)).toMatchObject({ profileViews: 2 });
    const { rows } = await testApp.db.query(`SELECT user_id, views FROM profile_views_hourly`);
    expect(rows).toEqual([{ user_id: owner.id, views: 2 }]);
    expect(await rawEvents(pid, 'profile_view')).toBe(3);
  });
});

describe('the once-a-day marks', () => {
  it('older than yesterday are deleted by the partition upkeep', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await testApp.db.query(
      `INSERT INTO tracking_counted (day, visit_key, post_id, measure)
       SELECT d::date, 'old-visit', 1, 'viewed' FROM unnest($1::text[]) AS d`,
      [[day(-3), day(-2), day(-1), day(0)]],
    );
    await testApp.app.get(TrackingPartitions).maintain();
    const { rows } = await testApp.db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM tracking_counted WHERE visit_key = 'old-visit' ORDER BY day`,
    );
    expect(rows.map((row) => row.day)).toEqual([day(-1), day(0)]);
  });
});
