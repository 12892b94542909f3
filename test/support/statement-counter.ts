import type { INestApplication } from '@nestjs/common';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** How long the app's pool must send nothing before a measured call starts. */
const QUIET_MS = 150;

/** The statements the app sent during one call, in order (their SQL text, whitespace folded). */
export interface CallStatements<T> {
  result: T;
  statements: string[];
}

/**
 * Every statement (round trip) the app under test sends to PostgreSQL through its pool: each
 * connection the pool hands out ('acquire', for TypeORM and for `pool.query` alike) has its
 * `query` wrapped once, so BEGIN, COMMIT and prepared statements count as any other.
 */
export class StatementCounter {
  private readonly watched = new WeakSet<pg.PoolClient>();
  private recording: string[] | null = null;
  private inFlight = 0;
  private lastSentAt = 0;

  constructor(app: INestApplication) {
    const pool = (app.get(DataSource).driver as PostgresDriver).master as pg.Pool;
    pool.on('acquire', (client) => this.watch(client));
  }

  /**
   * Runs `call` once the app's pool has been quiet for a moment (so nothing an earlier call
   * or a job left under way is counted), and answers the statements sent while it was in flight.
   */
  async during<T>(call: () => Promise<T>): Promise<CallStatements<T>> {
    await this.quiet();
    const statements: string[] = [];
    this.recording = statements;
    try {
      return { result: await call(), statements };
    } finally {
      this.recording = null;
    }
  }

  /**
   * Runs `call` (made by `prepare`, which is not counted) `runs` times and answers the run with
   * the fewest statements: a job's timer firing during one run cannot raise the count.
   */
  async fewest<T>(runs: number, prepare: () => Promise<() => Promise<T>>): Promise<CallStatements<T>> {
    let best: CallStatements<T> | undefined;
    for (let run = 0; run < runs; run++) {
      const call = await prepare();
      const measured = await this.during(call);
      if (!best || measured.statements.length < best.statements.length) best = measured;
    }
    return best!;
  }

  private async quiet(): Promise<void> {
    for (;;) {
      const waited = Date.now() - this.lastSentAt;
      if (this.inFlight === 0 && waited >= QUIET_MS) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, QUIET_MS - waited)));
    }
  }

  private watch(client: pg.PoolClient): void {
    if (this.watched.has(client)) return;
    this.watched.add(client);
    const query = client.query as (...args: unknown[]) => unknown;
    const { sent, settled } = this;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      sent(args[0]);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...answer: unknown[]) => {
          settled();
          return (callback as (...answer: unknown[]) => unknown)(...answer);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args);
      if (result instanceof Promise) void result.then(settled, settled);
      else settled();
      return result;
    } as typeof client.query;
  }

  private readonly sent = (statement: unknown): void => {
    this.inFlight++;
    this.lastSentAt = Date.now();
    const text = typeof statement === 'string' ? statement : (statement as { text?: string }).text;
    this.recording?.push((text ?? String(statement)).replace(/\s+/g, ' ').trim());
  };

  private readonly settled = (): void => {
    this.inFlight--;
    this.lastSentAt = Date.now();
  };
}
