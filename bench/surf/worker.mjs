// A surf load generator process (started by bench/surf/run.mjs, pinned to the generator core).
// Each of its clients is one member with one socket.io-client socket, looping like the surf bar
// with a 0 s timer: emit 'surf:claim' { ticketId, telemetry, next: true } with an acknowledgement,
// which carries the next post (its ticket issued in the claim's transaction). POST /data/surf/next
// (cookie, XHR marker, X-Socket-Id = its socket.id) only for the first post and whenever an ack
// carries no next post (a refusal answered as { error }, a timeout). The click telemetry is a
// person's (trusted, visible, pointer, varied position and intervals) so the anti-cheat scores it
// clean. Times are on the clock all processes share; only acks inside the measured window count.
// A member may name its own server (`member.url`): with several app processes each client talks to
// one of them for both its HTTP calls and its socket, as a sticky load balancer would send it.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { serveRequests, sharedNow } from '../fanout/lib/common.mjs';

const CLAIM_TIMEOUT_MS = 30_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const clients = [];

function connect(url, member) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie: member.cookie },
      auth: { socketId: member.socketId },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`${member.username}: ${error.message}`));
    });
  });
}

function postNext(url, client) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL('/data/surf/next', url),
      {
        method: 'POST',
        agent,
        headers: {
          cookie: client.member.cookie,
          'x-requested-with': 'XMLHttpRequest',
          'x-socket-id': client.socket.id,
          accept: 'application/json',
          'content-length': 0,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Counted as an error below.
          }
          resolve({ status: response.statusCode, json });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const NEXT_BUTTON = { x: 812, y: 58, width: 104, height: 40 };
const round1 = (n) => Math.round(n * 10) / 10;

/** A person's click on Next: somewhere on the button, after a human pause, never twice the same. */
function humanClick(client) {
  const first = client.claims === 0;
  return {
    x: round1(NEXT_BUTTON.x + 4 + Math.random() * (NEXT_BUTTON.width - 8)),
    y: round1(NEXT_BUTTON.y + 3 + Math.random() * (NEXT_BUTTON.height - 6)),
    clickDelayMs: round1(180 + Math.random() * 2400),
    // A person's rhythm on a 15 s timer: 15–45 s between Next clicks, never regular. (The server
    // runs with a 0 s timer for the benchmark and does not compare this with its own clock.)
    intervalMs: first ? null : round1(15_000 + Math.random() * 30_000),
    target: { ...NEXT_BUTTON },
    isTrusted: true,
    keyEvent: false,
    visible: true,
  };
}

function count(map, key) {
  map[key] = (map[key] ?? 0) + 1;
}

serveRequests({
  async connect({ url, members }) {
    const startedAt = sharedNow();
    const sockets = await Promise.all(members.map((member) => connect(member.url ?? url, member)));
    sockets.forEach((socket, i) => {
      const client = { member: members[i], url: members[i].url ?? url, socket, claims: 0, replaced: 0 };
      socket.on('surf:replaced', () => client.replaced++);
      clients.push(client);
    });
    return { connected: sockets.length, seconds: (sharedNow() - startedAt) / 1000 };
  },

  /** Every client loops from `startAt` until `endAt`; views whose ack lands in [measureFrom, endAt) count. */
  async run({ startAt, measureFrom, endAt }) {
    const claimMs = [];
    const nextMs = [];
    const viewMs = [];
    const perSecond = [];
    const uncredited = {};
    const errors = {};
    /** Confirmed views in the window per server address. */
    const creditedByServer = {};
    let credited = 0;
    let creditedTotal = 0;
    let claimsTotal = 0;
    let challenges = 0;
    let noTicket = 0;
    let nextInAck = 0;
    const inWindow = (t) => t >= measureFrom && t < endAt;

    const loop = async (client) => {
      /** The post to view, from the last ack or from POST /data/surf/next. */
      let answer = null;
      while (sharedNow() < endAt) {
        const t0 = sharedNow();
        if (!answer) {
          let next;
          try {
            next = await postNext(client.url, client);
          } catch (error) {
            count(errors, `next: ${error.message}`);
            await sleep(50);
            continue;
          }
          const t1 = sharedNow();
          if (inWindow(t1)) nextMs.push(t1 - t0);
          answer = next.json?.data ?? null;
          if (next.status !== 200 || !answer) {
            count(errors, `next: HTTP ${next.status} ${next.json?.errors?.[0]?.code ?? ''}`.trim());
            answer = null;
            await sleep(50);
            continue;
          }
        }
        if (!answer.ticket) {
          noTicket++;
          count(uncredited, `next: ${answer.emptyReason ?? 'no ticket'}`);
          answer = null;
          await sleep(50);
          continue;
        }
        const claim = { ticketId: answer.ticket.id, telemetry: humanClick(client), next: true };
        if (answer.data?.challenge) {
          challenges++;
          claim.code = answer.data.challenge;
        }
        answer = null;
        const t2 = sharedNow();
        let ack;
        try {
          ack = await client.socket.timeout(CLAIM_TIMEOUT_MS).emitWithAck('surf:claim', claim);
        } catch (error) {
          count(errors, `claim: ${error.message}`);
          continue;
        }
        const t3 = sharedNow();
        client.claims++;
        claimsTotal++;
        if (ack?.data?.next) {
          answer = ack.data.next;
          nextInAck++;
        }
        if (ack?.data?.credited === 1) {
          creditedTotal++;
          if (inWindow(t3)) {
            credited++;
            count(creditedByServer, client.url);
            const second = Math.floor((t3 - measureFrom) / 1000);
            perSecond[second] = (perSecond[second] ?? 0) + 1;
          }
        } else if (ack?.error) count(errors, `claim: ${ack.error.code}`);
        else count(uncredited, `claim: ${ack?.data?.outcome ?? JSON.stringify(ack)}`);
        if (inWindow(t3)) {
          claimMs.push(t3 - t2);
          viewMs.push(t3 - t0);
        }
      }
    };

    await sleep(Math.max(0, startAt - sharedNow()));
    const cpuBefore = process.cpuUsage();
    await Promise.all(clients.map(loop));
    const cpu = process.cpuUsage(cpuBefore);
    return {
      credited,
      creditedByServer,
      creditedTotal,
      claimsTotal,
      challenges,
      noTicket,
      nextInAck,
      replaced: clients.reduce((n, c) => n + c.replaced, 0),
      perSecond: Array.from(perSecond, (n) => n ?? 0),
      claimMs,
      nextMs,
      viewMs,
      uncredited,
      errors,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
  },

  async close() {
    for (const client of clients) client.socket.close();
    agent.destroy();
    return {};
  },
});
