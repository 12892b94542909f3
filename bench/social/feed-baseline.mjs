// The feed's pg baseline (started by bench/social/run.mjs in its own process, on the server core
// where the app runs): `connections` concurrent loops over a pool of `poolSize` connections, each
// loop reading home feed pages for random viewers with `pg` alone. The first page of a viewer is
// read through the app's own FeedService and repositories (feed-queries.mjs), noting the statements
// it sends; every later page of that viewer sends those statements again, in order, with the same
// parameters, straight to the pool. No writes happen meanwhile, so the replay reads what the app would.
import pg from 'pg';
import { serveRequests, sharedNow } from '../fanout/lib/common.mjs';
import { homePageRecorder } from './feed-queries.mjs';

serveRequests({
  async run({ databaseUrl, poolSize, connections, viewerIds, startAt, measureFrom, endAt }) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    // Open the pool's connections before the clock starts, as the app's pool is warm too.
    const warm = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
    warm.forEach((client) => client.release());
    const record = await homePageRecorder((statement) => pool.query(statement));
    const recorded = new Map();

    const latencies = [];
    const perSecond = [];
    const errors = {};
    let pages = 0;
    let statements = 0;
    let recordedInWindow = 0;
    const inWindow = (t) => t >= measureFrom && t < endAt;

    const loop = async () => {
      while (sharedNow() < endAt) {
        const viewerId = viewerIds[Math.floor(Math.random() * viewerIds.length)];
        const t0 = sharedNow();
        const page = recorded.get(viewerId);
        let fresh = false;
        try {
          if (page) for (const statement of page.statements) await pool.query(statement);
          else {
            recorded.set(viewerId, await record(viewerId));
            fresh = true;
          }
        } catch (error) {
          errors[error.message] = (errors[error.message] ?? 0) + 1;
          continue;
        }
        const t1 = sharedNow();
        if (!inWindow(t1)) continue;
        pages++;
        if (fresh) recordedInWindow++;
        statements += recorded.get(viewerId).statements.length;
        latencies.push(t1 - t0);
        const second = Math.floor((t1 - measureFrom) / 1000);
        perSecond[second] = (perSecond[second] ?? 0) + 1;
      }
    };

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - sharedNow())));
    await Promise.all(Array.from({ length: connections }, loop));
    await pool.end();
    const samples = [...recorded.values()];
    return {
      pages,
      statements,
      recordedInWindow,
      latencies,
      perSecond: Array.from(perSecond, (n) => n ?? 0),
      errors,
      viewersRecorded: samples.length,
      // The statements of one page, to show in the report.
      sample: samples[0] ? { viewerId: samples[0].viewerId, statements: samples[0].statements, pids: samples[0].pids } : null,
      perPage: {
        entries: samples.reduce((n, p) => n + p.pids.length, 0) / Math.max(1, samples.length),
        comments: samples.reduce((n, p) => n + p.comments, 0) / Math.max(1, samples.length),
        inGroups: samples.reduce((n, p) => n + p.inGroups, 0) / Math.max(1, samples.length),
      },
    };
  },
});
