// The teams benchmark's load generator (started by bench/teams/run.mjs through startWorker, pinned
// to the generator core): autocannon, `connections` keep-alive connections sending one GET with
// the given headers, a warm-up and then the measurement.
import autocannon from 'autocannon';
import { serveRequests } from '../fanout/lib/common.mjs';

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

serveRequests({
  async run({ url, path, headers, connections, warmupSeconds, seconds }) {
    const base = { url, connections, pipelining: 1, timeout: 10, method: 'GET', path, headers };
    if (warmupSeconds > 0) await run({ ...base, duration: warmupSeconds });
    const result = await run({ ...base, duration: seconds });
    return {
      requestsPerSecond: result.requests.mean,
      totalRequests: result.requests.total,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      meanBytes: result.requests.total ? result.throughput.total / result.requests.total : null,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    };
  },
});
