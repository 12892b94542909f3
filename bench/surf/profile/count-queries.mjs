// Diagnostic preload for the app (node --import; bench/surf/run.mjs adds it with
// BENCH_SURF_COUNT_QUERIES=1): counts every SQL statement the app sends through `pg`, with the
// time from sending it to its result (the pool wait not included), per statement text. On SIGUSR2
// it writes what it counted since the previous SIGUSR2 to $BENCH_QUERY_STATS_FILE and starts over;
// each statement keeps the parameters of its latest call as a sample (for EXPLAIN ANALYZE later).
// It adds a little work per query; figures measured with it are not the unchanged app's.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

let stats = new Map();
const normalize = (text) => text.replace(/\s+/g, ' ').trim().slice(0, 160);
const original = pg.Client.prototype.query;

pg.Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  const isPromise =
    typeof values !== 'function' && typeof callback !== 'function' && !(config && typeof config.submit === 'function');
  if (!text || !isPromise) return original.apply(this, arguments);
  const started = process.hrtime.bigint();
  const bucket = stats;
  const result = original.apply(this, arguments);
  const parameters = Array.isArray(values) ? values : (config?.values ?? null);
  const done = () => {
    const key = normalize(text);
    const entry = bucket.get(key) ?? { count: 0, ms: 0, text, sample: null };
    entry.count++;
    entry.ms += Number(process.hrtime.bigint() - started) / 1e6;
    entry.sample = parameters;
    bucket.set(key, entry);
  };
  result.then(done, done);
  return result;
};

process.on('SIGUSR2', () => {
  const file = process.env.BENCH_QUERY_STATS_FILE;
  if (file) writeFileSync(file, JSON.stringify([...stats].map(([sql, entry]) => ({ sql, ...entry }))));
  stats = new Map();
});
