// The surf baseline (started by bench/surf/run.mjs in its own process, on the server core where the
// app ran): the raw rate of the claim's write with `pg` — one transaction with one INSERT into a
// ledger-like table and two UPDATEs of a users-like and a campaigns-like balance — from N
// concurrent clients over a pool as large as the app's, on scratch tables shaped like the app's
// (bench_ledger, bench_users, bench_campaigns; created by run.mjs with the same kinds of indexes).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { serveRequests, sharedNow } from '../fanout/lib/common.mjs';

serveRequests({
  async run({ databaseUrl, poolSize, clients, userIds, campaignIds, startAt, measureFrom, endAt }) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    // Open the pool's connections before the clock starts, as the app's pool is warm too.
    const warm = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
    warm.forEach((c) => c.release());

    const latencies = [];
    const perSecond = [];
    const errors = {};
    let committed = 0;
    let committedTotal = 0;

    const loop = async (index) => {
      const userId = userIds[index % userIds.length];
      while (sharedNow() < endAt) {
        const campaignId = campaignIds[Math.floor(Math.random() * campaignIds.length)];
        const t0 = sharedNow();
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          // The statements as LedgerService.move writes them (idempotent insert, guarded relative updates).
          const inserted = await client.query(
            `INSERT INTO bench_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
             VALUES ('user', $1, $2, 'view_earned', 1, $3) ON CONFLICT (idempotency_key, account) DO NOTHING RETURNING id`,
            [userId, campaignId, `view:${randomUUID()}`],
          );
          const users = await client.query(
            `UPDATE bench_users SET credits = credits + $1 WHERE id = $2 AND credits + $1 >= 0 RETURNING credits`,
            [1, userId],
          );
          const campaigns = await client.query(
            `UPDATE bench_campaigns SET credits = credits + $1 WHERE post_id = $2 AND credits + $1 >= 0 RETURNING credits`,
            [-1, campaignId],
          );
          if (inserted.rowCount !== 1 || users.rowCount !== 1 || campaigns.rowCount !== 1)
            throw new Error('a statement matched no row');
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          errors[error.message] = (errors[error.message] ?? 0) + 1;
          client.release();
          await sleep(10);
          continue;
        }
        client.release();
        const t1 = sharedNow();
        committedTotal++;
        if (t1 >= measureFrom && t1 < endAt) {
          committed++;
          latencies.push(t1 - t0);
          const second = Math.floor((t1 - measureFrom) / 1000);
          perSecond[second] = (perSecond[second] ?? 0) + 1;
        }
      }
    };

    await sleep(Math.max(0, startAt - sharedNow()));
    const cpuBefore = process.cpuUsage();
    await Promise.all(Array.from({ length: clients }, (_, i) => loop(i)));
    const cpu = process.cpuUsage(cpuBefore);
    await pool.end();
    return {
      committed,
      committedTotal,
      latencies,
      perSecond: Array.from(perSecond, (n) => n ?? 0),
      errors,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
  },
});
