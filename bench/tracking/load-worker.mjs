// The tracking benchmark's load generator (started by bench/tracking/run.mjs through startWorker,
// pinned to the generator core): autocannon, `connections` keep-alive connections, a warm-up and
// then the measurement. `mode: 'health'` sends GET /data/health; `mode: 'tracking'` sends, on each
// connection, cycles of what a tab sends: a visit record, then updates of that page view and
// feed activity (post views, link clicks, video plays) in between. It counts every call the
// server accepted (200), warm-up included, so the runner can find each of them in the database.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { serveRequests } from '../fanout/lib/common.mjs';

const XHR = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
const JSON_XHR = { ...XHR, 'content-type': 'application/json' };
const id = () => randomBytes(12).toString('base64url');

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/** One tab's cycle: record, then (update, feed activity) × 3. */
function trackingRequests(postIds, accepted) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const count = (kind) => (status, _body, context) => {
    if (status !== 200) {
      accepted.refused[status] = (accepted.refused[status] ?? 0) + 1;
      return;
    }
    // An update counts only when its page view's record was accepted: it has nothing to update otherwise.
    if (kind === 'record') context.recorded = true;
    if (kind === 'update' && !context.recorded) return;
    accepted[kind] += 1;
    if (kind === 'event') accepted.byEvent[context.eventName] = (accepted.byEvent[context.eventName] ?? 0) + 1;
  };
  const record = {
    method: 'POST',
    path: '/data/z5-stats/record',
    headers: JSON_XHR,
    setupRequest: (request, context) => {
      Object.assign(context, { visitID: id(), visitorID: id(), pageID: id(), recorded: false });
      return {
        ...request,
        body: JSON.stringify({
          url: 'https://surfex.example/feed',
          visitID: context.visitID,
          visitorID: context.visitorID,
          pageID: context.pageID,
          windowHeight: 800,
          windowWidth: 1280,
          screenWidth: 1920,
          screenHeight: 1080,
          t: Math.floor(Date.now() / 1000),
          uid: null,
          referrer: 'https://search.example/',
        }),
      };
    },
    onResponse: count('record'),
  };
  const update = {
    method: 'PUT',
    path: '/data/z5-stats/update',
    headers: JSON_XHR,
    setupRequest: (request, context) => ({
      ...request,
      body: JSON.stringify({
        visitID: context.visitID,
        visitorID: context.visitorID,
        pageID: context.pageID,
        t: Math.floor(Date.now() / 1000),
      }),
    }),
    onResponse: count('update'),
  };
  const activity = {
    method: 'POST',
    headers: JSON_XHR,
    setupRequest: (request, context) => {
      const obj = pick(postIds);
      const roll = Math.random();
      const [eventName, notes] =
        roll < 0.5
          ? ['post_view', { seen: 5, time: 0 }]
          : roll < 0.8
            ? ['post_view', { seen: 10, time: 2000 }]
            : roll < 0.9
              ? ['post_link_click', { url: 'https://a.example/', post: obj }]
              : ['playVideo', {}];
      context.eventName = eventName;
      return {
        ...request,
        path: `/data/feed/recordFeedActivity/${eventName}`,
        body: JSON.stringify({
          obj,
          notes: { source: 'website', place: 'feed', visit: context.visitID, page: context.pageID, ...notes },
        }),
      };
    },
    onResponse: count('event'),
  };
  return [record, update, activity, update, activity, update, activity];
}

serveRequests({
  async run({ url, mode, connections, warmupSeconds, seconds, postIds }) {
    const accepted = { record: 0, update: 0, event: 0, byEvent: {}, refused: {} };
    const base =
      mode === 'health'
        ? { url, connections, pipelining: 1, timeout: 10, method: 'GET', path: '/data/health', headers: XHR }
        : { url, connections, pipelining: 1, timeout: 10, requests: trackingRequests(postIds, accepted) };
    if (warmupSeconds > 0) await run({ ...base, duration: warmupSeconds });
    const result = await run({ ...base, duration: seconds });
    return {
      requestsPerSecond: result.requests.mean,
      totalRequests: result.requests.total,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      accepted,
    };
  },
});
