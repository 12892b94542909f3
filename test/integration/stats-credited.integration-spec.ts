import { randomUUID } from 'node:crypto';
import { STATS_ENDPOINTS, type PostStats } from '../../shared/stats/stats.js';
import { CreditedRollupJob } from '../../server/src/stats/credited-rollup.job.js';
import { CREDITED_RECOUNT_LOCK } from '../../server/src/stats/stats.repository.js';
import { signUp } from '../support/accounts.js';
import { hourAgo, seedHourly } from '../support/stats-fixtures.js';
import { createPost } from '../support/surf-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

const recount = () => testApp.app.get(CreditedRollupJob).run();

/** A settled (or open) surf ticket, as surf_claim leaves it, claimed at `at`. */
async function ticket(viewerId: number, pid: number, status: 'claimed' | 'uncredited' | 'replaced', at: Date): Promise<void> {
  await db.query(
    `INSERT INTO view_tickets (id, viewer_id, post_id, connection_id, timer_seconds, status, issued_at, claimed_at)
     VALUES ($1, $2, $3, 'tab', 15, $4, $5, $5)`,
    [randomUUID(), viewerId, pid, status, at],
  );
}

/** Credited views by post and hour, counted from the tickets and read from the rollups. */
async function creditedBoth(pids: number[]) {
  const { rows: raw } = await db.query(
    `SELECT post_id, date_trunc('hour', claimed_at, 'UTC') AS hour, count(*)::int AS credited
       FROM view_tickets WHERE status = 'claimed' AND post_id = ANY($1) GROUP BY 1, 2 ORDER BY 1, 2`,
    [pids],
  );
  const { rows: rolled } = await db.query(
    `SELECT post_id, hour, credited FROM post_stats_hourly
      WHERE place = 'surf' AND credited > 0 AND post_id = ANY($1) ORDER BY 1, 2`,
    [pids],
  );
  return { raw, rolled };
}

describe('credited surf views in the stats', () => {
  it('the rollups hold exactly the credited tickets of each hour, however often the recount runs', async () => {
    const owner = await signUp(testApp.baseUrl);
    const viewer = await signUp(testApp.baseUrl);
    const first = (await createPost(owner.browser)).post.pid;
    const second = (await createPost(owner.browser)).post.pid;
    const minutes = (hoursAgo: number, minute: number) => new Date(hourAgo(hoursAgo).getTime() + minute * 60_000);
    for (const minute of [1, 20, 59]) await ticket(viewer.id, first, 'claimed', minutes(3, minute));
    await ticket(viewer.id, first, 'claimed', minutes(1, 5));
    await ticket(viewer.id, second, 'claimed', minutes(1, 30));
    // Settled without credit, or replaced: not credited views.
    await ticket(viewer.id, first, 'uncredited', minutes(1, 6));
    await ticket(viewer.id, second, 'replaced', minutes(1, 7));
    // What the tracking ingestion counted in the same hour and place stays as it was.
    await seedHourly(db, first, hourAgo(1), 'surf', { seen: 4, viewed: 3 });

    // As on the first start ever: every hour is counted.
    await db.query(`DELETE FROM rollup_watermarks`);
    expect(await recount()).toBe(true);
    const once = await creditedBoth([first, second]);
    expect(once.rolled).toEqual(once.raw);
    expect(once.raw.map((row) => row.credited)).toEqual([3, 1, 1]);

    expect(await recount()).toBe(true);
    expect((await creditedBoth([first, second])).rolled).toEqual(once.rolled);

    // A view credited since: counted once, however many recounts follow.
    await ticket(viewer.id, first, 'claimed', new Date(Date.now() - 1000));
    await recount();
    await recount();
    const later = await creditedBoth([first, second]);
    expect(later.rolled).toEqual(later.raw);
    expect(later.raw.reduce((sum, row) => sum + row.credited, 0)).toBe(6);

    const { rows } = await db.query(
      `SELECT seen, viewed FROM post_stats_hourly WHERE post_id = $1 AND hour = $2 AND place = 'surf'`,
      [first, hourAgo(1)],
    );
    expect(rows).toEqual([{ seen: 4, viewed: 3 }]);

    const stats = await owner.browser.get<PostStats>(`${STATS_ENDPOINTS.posts}/${first}?days=7`);
    expect(stats.body.data!.totals).toMatchObject({ credited: 5, seen: 4, viewed: 3 });
  });

  it('a recount starts a little before the last one ended, so a claim committed late is not missed', async () => {
    const owner = await signUp(testApp.baseUrl);
    const viewer = await signUp(testApp.baseUrl);
    const pid = (await createPost(owner.browser)).post.pid;
    // The last recount ran at a minute past the hour; a claim whose transaction began a minute
    // before the hour committed after that recount had read.
    const hourStart = hourAgo(0);
    await db.query(
      `INSERT INTO rollup_watermarks (rollup, done_until) VALUES ('credited', $1)
                    ON CONFLICT (rollup) DO UPDATE SET done_until = excluded.done_until`,
      [new Date(hourStart.getTime() + 60_000)],
    );
    await ticket(viewer.id, pid, 'claimed', new Date(hourStart.getTime() - 60_000));
    expect(await recount()).toBe(true);
    const both = await creditedBoth([pid]);
    expect(both.rolled).toEqual(both.raw);
    expect(both.raw).toEqual([expect.objectContaining({ hour: hourAgo(1), credited: 1 })]);
  });

  it('two recounts at once in different processes: one recounts, the other steps aside', async () => {
    await db.query('BEGIN');
    try {
      await db.query(`SELECT pg_advisory_xact_lock($1)`, [CREDITED_RECOUNT_LOCK]);
      expect(await recount()).toBe(false);
    } finally {
      await db.query('ROLLBACK');
    }
    expect(await recount()).toBe(true);
  });
});
