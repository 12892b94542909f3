// An HTTP load generator process (started by bench/social/run.mjs, pinned to the generator core):
// `connections` keep-alive connections, each sending GET requests one after another, each request
// as a random member (their session cookie, the XHR marker the client sends) to a random path of
// the list. Times are on the clock all processes share; only answers inside the measured window count.
import http from 'node:http';
import { serveRequests, sharedNow } from '../fanout/lib/common.mjs';

function get(agent, url, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'GET', agent, headers: { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' } },
      (response) => {
        let bytes = 0;
        let body = '';
        response.on('data', (chunk) => {
          bytes += chunk.length;
          // The body is kept only when the answer failed, to name the error.
          if (response.statusCode !== 200 && body.length < 2000) body += chunk.toString('utf8');
        });
        response.on('end', () => resolve({ status: response.statusCode, bytes, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function errorOf(answer) {
  try {
    return `HTTP ${answer.status} ${JSON.parse(answer.body).errors?.[0]?.code ?? ''}`.trim();
  } catch {
    return `HTTP ${answer.status}`;
  }
}

serveRequests({
  /** Loops from `startAt` until `endAt`; answers whose end lands in [measureFrom, endAt) count. */
  async run({ url, paths, cookies, connections, startAt, measureFrom, endAt }) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const latencies = [];
    const perSecond = [];
    const errors = {};
    let answered = 0;
    let bytes = 0;
    const inWindow = (t) => t >= measureFrom && t < endAt;
    const pick = (list) => list[Math.floor(Math.random() * list.length)];

    const loop = async () => {
      while (sharedNow() < endAt) {
        const target = new URL(pick(paths), url);
        const t0 = sharedNow();
        let answer;
        try {
          answer = await get(agent, target, pick(cookies));
        } catch (error) {
          errors[error.message] = (errors[error.message] ?? 0) + 1;
          continue;
        }
        const t1 = sharedNow();
        if (!inWindow(t1)) continue;
        if (answer.status !== 200) {
          const key = errorOf(answer);
          errors[key] = (errors[key] ?? 0) + 1;
          continue;
        }
        answered++;
        bytes += answer.bytes;
        latencies.push(t1 - t0);
        const second = Math.floor((t1 - measureFrom) / 1000);
        perSecond[second] = (perSecond[second] ?? 0) + 1;
      }
    };

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - sharedNow())));
    await Promise.all(Array.from({ length: connections }, loop));
    agent.destroy();
    return { answered, bytes, latencies, perSecond: Array.from(perSecond, (n) => n ?? 0), errors };
  },
});
