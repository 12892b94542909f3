import { ErrorCode } from '../../shared/api/error-codes.js';
import { TRACKING_ENDPOINTS, VISITOR_COOKIE, type FeedActivity, type FeedActivityName } from '../../shared/tracking/tracking.js';
import { TrackingPartitions } from '../../server/src/tracking/tracking-partitions.js';
import { TrackingWriter } from '../../server/src/tracking/tracking-writer.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { captureErrorLog } from '../support/error-log.js';
import { postBy } from '../support/social-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';
import { trackingId, visitRecord } from '../support/tracking-fixtures.js';

/**
 * The tracking calls answer at once and write in batches: every accepted call lands once, page
 * views update in place, the rollups equal the raw events, members are known by their session
 * only, addresses are stored hashed. The app trusts X-Forwarded-For here so a call can come
 * from a public address with a known country.
 */
const PUBLIC_ADDRESS = '81.2.69.142';
const errorLog = captureErrorLog();
const testApp = useTestApp(
  { trustProxy: ['127.0.0.1'], tracking: { bufferMax: 50_000, flushMs: 60_000, retentionDays: 90 } },
  { afterEach: async () => expect(errorLog.lines.splice(0)).toEqual([]) },
);
let owner: TestMember;
let postId: number;

beforeAll(async () => {
  owner = await signUp(testApp.baseUrl);
  postId = await postBy(owner.browser);
});

afterAll(() => errorLog.stop());

function visitor(cookies: Record<string, string> = {}): TestBrowser {
  return visitorFrom(PUBLIC_ADDRESS, cookies);
}

function visitorFrom(address: string, cookies: Record<string, string> = {}): TestBrowser {
  return TestBrowser.withCookies(testApp.baseUrl, cookies, { 'x-forwarded-for': address });
}

function postView(obj: number, seen: 5 | 10, place: 'feed' | 'surf' = 'feed', visit?: string): FeedActivity<'post_view'> {
  return { obj, notes: { source: 'website', place, seen, time: seen === 10 ? 2000 : 0, ...(visit ? { visit } : {}) } };
}

async function activity(browser: TestBrowser, name: FeedActivityName | string, payload: unknown) {
  return browser.post(`${TRACKING_ENDPOINTS.feedActivity}/${name}`, payload);
}

/** Writes what the app holds now (the tick is a minute in this file, so nothing lands by itself). */
async function flush(): Promise<void> {
  await testApp.app.get(TrackingWriter).flush();
}

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await testApp.db.query(`SELECT count(*)::int AS n FROM (${sql}) AS q`, values);
  return rows[0].n;
}

describe('each call', () => {
  it('answers data: null at once, before anything is written', async () => {
    const record = visitRecord();
    const { status, body } = await visitor().post(TRACKING_ENDPOINTS.record, record);
    expect(status).toBe(200);
    expect(body).toEqual({ data: null, errors: [], maintenance: false });
    expect(await count(`SELECT 1 FROM page_views WHERE page_id = $1`, [record.pageID])).toBe(0);
    await flush();
    expect(await count(`SELECT 1 FROM page_views WHERE page_id = $1`, [record.pageID])).toBe(1);
  });

  it('refuses a bad record in the envelope, naming each bad field, and buffers nothing', async () => {
    const before = testApp.app.get(TrackingWriter).size;
    const { status, body } = await visitor().post(TRACKING_ENDPOINTS.record, {
      ...visitRecord(),
      pageID: 'no spaces allowed',
      windowWidth: -1,
      t: 'now',
    });
    expect(status).toBe(400);
    expect(body.errors.map((error) => [error.code, error.field]).sort()).toEqual([
      [ErrorCode.Validation, 'pageID'],
      [ErrorCode.Validation, 't'],
      [ErrorCode.Validation, 'windowWidth'],
    ]);
    const update = await visitor().put(TRACKING_ENDPOINTS.update, {
      visitID: trackingId(),
      visitorID: trackingId(),
      t: 1_800_000_000,
    });
    expect(update.status).toBe(400);
    expect(update.body.errors).toEqual([expect.objectContaining({ code: ErrorCode.Validation, field: 'pageID' })]);
    expect(testApp.app.get(TrackingWriter).size).toBe(before);
  });

  it('refuses an unknown event name with not_found and a payload its event does not take with validation', async () => {
    const unknown = await activity(visitor(), 'deletePost', postView(postId, 5));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe(ErrorCode.NotFound);

    const inherited = await activity(visitor(), 'toString', postView(postId, 5));
    expect(inherited.status).toBe(404);

    const badLevel = await activity(visitor(), 'post_view', { obj: postId, notes: { source: 'website', seen: 7, time: 0 } });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.errors).toEqual([expect.objectContaining({ code: ErrorCode.Validation, field: 'notes.seen' })]);

    const noPost = await activity(visitor(), 'playVideo', { obj: null, notes: { source: 'website' } });
    expect(noPost.status).toBe(400);
    expect(noPost.body.errors[0]).toMatchObject({ code: ErrorCode.Validation, field: 'obj' });
  });

  it('is refused without the XHR marker, like every write', async () => {
    const { status, body } = await visitor().call(TRACKING_ENDPOINTS.record, { method: 'POST', json: visitRecord(), xhr: false });
    expect(status).toBe(403);
    expect(body.errors[0].code).toBe(ErrorCode.MissingXhrMarker);
  });
});

describe('batches', () => {
  it('land exactly once: N records are N page views, and their updates change those rows in place', async () => {
    const browser = visitor();
    const records = Array.from({ length: 30 }, () => visitRecord());
    await Promise.all(records.map((record) => browser.post(TRACKING_ENDPOINTS.record, record)));
    // Two updates of each page view in the batch of its record: they apply after it.
    for (let round = 0; round < 2; round++) {
      await Promise.all(
        records.map((r) =>
          browser.put(TRACKING_ENDPOINTS.update, { visitID: r.visitID, visitorID: r.visitorID, pageID: r.pageID, t: r.t }),
        ),
      );
    }
    await flush();
    // One more in a later batch.
    await Promise.all(
      records.map((r) =>
        browser.put(TRACKING_ENDPOINTS.update, { visitID: r.visitID, visitorID: r.visitorID, pageID: r.pageID, t: r.t }),
      ),
    );
    await flush();
    await flush();

    const { rows } = await testApp.db.query(
      `SELECT page_id, updates, last_seen_at >= started_at AS moved, day = (now() AT TIME ZONE 'UTC')::date AS today
       FROM page_views WHERE page_id = ANY ($1)`,
      [records.map((r) => r.pageID)],
    );
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.updates === 3 && row.moved && row.today)).toBe(true);
  });

  it('do not let an update touch a page view of another visitor', async () => {
    const record = visitRecord();
    await visitor().post(TRACKING_ENDPOINTS.record, record);
    await flush();
    await visitor().put(TRACKING_ENDPOINTS.update, {
      visitID: record.visitID,
      visitorID: trackingId(),
      pageID: record.pageID,
      t: record.t,
    });
    await flush();
    const { rows } = await testApp.db.query(`SELECT updates FROM page_views WHERE page_id = $1`, [record.pageID]);
    expect(rows).toEqual([{ updates: 0 }]);
  });
});

describe('who is tracked', () => {
  it('records a visitor without a member, and a member from the session even when the payload names another', async () => {
    const visitorRecord = visitRecord({ uid: owner.id });
    await visitor().post(TRACKING_ENDPOINTS.record, visitorRecord);
    const member = await signUp(testApp.baseUrl);
    const memberRecord = visitRecord({ uid: owner.id });
    await member.browser.post(TRACKING_ENDPOINTS.record, memberRecord);
    await activity(member.browser, 'clickSeeMore', { obj: postId, notes: { source: 'website' } });
    await activity(visitor(), 'clickSeeMore', { obj: postId, notes: { source: 'website' } });
    await flush();

    const views = await testApp.db.query(`SELECT page_id, user_id FROM page_views WHERE page_id = ANY ($1) ORDER BY user_id`, [
      [visitorRecord.pageID, memberRecord.pageID],
    ]);
    expect(views.rows).toEqual([
      { page_id: memberRecord.pageID, user_id: member.id },
      { page_id: visitorRecord.pageID, user_id: null },
    ]);
    const events = await testApp.db.query(`SELECT user_id FROM feed_events WHERE name = 'clickSeeMore' ORDER BY user_id`);
    expect(events.rows).toEqual([{ user_id: member.id }, { user_id: null }]);
  });

  it('keeps the visitor cookie on feed events when the browser sends a well-formed one', async () => {
    const visitorId = trackingId();
    await activity(visitor({ [VISITOR_COOKIE]: visitorId }), 'clickShowMorePosts', { obj: null, notes: { source: 'website' } });
    await activity(visitor({ [VISITOR_COOKIE]: "x' OR 1=1" }), 'clickShowMorePosts', { obj: null, notes: { source: 'website' } });
    await flush();
    const { rows } = await testApp.db.query(
      `SELECT visitor_id FROM feed_events WHERE name = 'clickShowMorePosts' ORDER BY visitor_id NULLS LAST`,
    );
    expect(rows).toEqual([{ visitor_id: visitorId }, { visitor_id: null }]);
  });

  it('stores the address only as a salted hash of the day, with its country', async () => {
    const record = visitRecord();
    await visitor().post(TRACKING_ENDPOINTS.record, record);
    await activity(visitor(), 'post_view', postView(postId, 5));
    await flush();

    const stored = await testApp.db.query(
      `SELECT (SELECT json_agg(p) FROM page_views p)::text AS views, (SELECT json_agg(e) FROM feed_events e)::text AS events`,
    );
    expect(stored.rows[0].views).not.toContain(PUBLIC_ADDRESS);
    expect(stored.rows[0].events).not.toContain(PUBLIC_ADDRESS);

    const { rows } = await testApp.db.query(
      `SELECT p.address_hash, p.country,
         encode(sha256(s.salt || convert_to($2, 'UTF8')), 'hex') AS expected
       FROM page_views p JOIN tracking_salts s ON s.day = p.day WHERE p.page_id = $1`,
      [record.pageID, PUBLIC_ADDRESS],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].country).toBe('GB');
    expect(rows[0].address_hash).toBe(rows[0].expected);
    expect(await count(`SELECT 1 FROM tracking_salts WHERE day < (now() AT TIME ZONE 'UTC')::date`)).toBe(0);
  });
});

describe('rollups', () => {
  it('equal the raw events of distinct viewers after a mixed load', async () => {
    const second = await postBy(owner.browser);
    const members = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const calls: Promise<unknown>[] = [];
    // Each round is a viewer of its own (a member, or a visitor from an address of its own): a
    // viewer's views, clicks and plays of a post count once a day (tracking-counting).
    for (let i = 0; i < 12; i++) {
      const browser = i % 4 === 0 ? members[i / 4].browser : visitorFrom(`81.2.69.${20 + i}`);
      const visit = trackingId();
      for (const pid of [postId, second]) {
        calls.push(activity(browser, 'post_view', postView(pid, 5, i % 2 ? 'feed' : 'surf', visit)));
        if (i % 2) calls.push(activity(browser, 'post_view', postView(pid, 10, 'feed', visit)));
        if (i % 3)
          calls.push(
            activity(browser, 'post_link_click', {
              obj: pid,
              notes: { source: 'website', url: 'https://a.example', post: pid, visit },
            }),
          );
        if (i % 4 === 0) calls.push(activity(browser, 'playVideo', { obj: pid, notes: { source: 'website' } }));
        if (i % 5 === 0) calls.push(activity(browser, 'viewImage', { obj: pid, notes: { source: 'website', index: 1 } }));
        calls.push(activity(browser, 'clickShowMoreComments', { obj: pid, notes: { source: 'website' } }));
      }
    }
    const answers = (await Promise.all(calls)) as { status: number }[];
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await flush();

    const hourly = await testApp.db.query(
      `SELECT post_id, hour, place, seen, viewed, link_clicks, video_plays, image_views FROM post_stats_hourly ORDER BY 1, 2, 3`,
    );
    const fromEvents = await testApp.db.query(
      `SELECT post_id, date_trunc('hour', at) AS hour, coalesce(place, 'other') AS place,
         count(*) FILTER (WHERE name = 'post_view' AND level = 5)::int AS seen,
         count(*) FILTER (WHERE name = 'post_view' AND level = 10)::int AS viewed,
         count(*) FILTER (WHERE name = 'post_link_click')::int AS link_clicks,
         count(*) FILTER (WHERE name = 'playVideo')::int AS video_plays,
         count(*) FILTER (WHERE name = 'viewImage')::int AS image_views
       FROM feed_events WHERE name IN ('post_view', 'post_link_click', 'playVideo', 'viewImage')
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(hourly.rows.length).toBeGreaterThan(0);
    expect(hourly.rows).toEqual(fromEvents.rows);
    expect(await count(`SELECT 1 FROM post_stats_hourly WHERE credited <> 0`)).toBe(0);

    const byCountry = await testApp.db.query(
      `SELECT post_id, day, country, seen, viewed FROM post_stats_country_daily ORDER BY 1, 2, 3`,
    );
    const countryFromEvents = await testApp.db.query(
      `SELECT post_id, day, coalesce(country, '') AS country,
         count(*) FILTER (WHERE level = 5)::int AS seen, count(*) FILTER (WHERE level = 10)::int AS viewed
       FROM feed_events WHERE name = 'post_view'
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(byCountry.rows).toEqual(countryFromEvents.rows);
    expect(byCountry.rows.map((row) => row.country)).toEqual(expect.arrayContaining(['GB', '']));
  });
});

describe('daily partitions', () => {
  it('exist from yesterday to the day after tomorrow, and those past the retention are dropped', async () => {
    await testApp.db.query(
      `CREATE TABLE feed_events_20000101 PARTITION OF feed_events FOR VALUES FROM ('2000-01-01') TO ('2000-01-02')`,
    );
    await testApp.app.get(TrackingPartitions).maintain();
    const { rows } = await testApp.db.query(
      `SELECT child.relname AS name FROM pg_inherits JOIN pg_class child ON child.oid = inhrelid
       WHERE inhparent IN ('page_views'::regclass, 'feed_events'::regclass) ORDER BY 1`,
    );
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const expected = [-1, 0, 1, 2].flatMap((offset) => [`feed_events_${day(offset)}`, `page_views_${day(offset)}`]).sort();
    expect(rows.map((row) => row.name)).toEqual(expected);
  });
});
