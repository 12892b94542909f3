import type pg from 'pg';
import type { ConnectionHandover } from '../../shared/realtime/handover.js';
import type { SurfNextAnswer } from '../../shared/surf/surf.js';
import { logIn, signUp, type TestMember } from './accounts.js';
import { connectSocket, type TestSocket } from './socket-client.js';
import { humanClick, sendClaim, surfNext, type ClaimAck } from './surf-fixtures.js';
import { TestBrowser } from './test-browser.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A member surfing through the load balancer as the surf bar does: asks for a post over HTTP
 * (any process may answer), clicks Next a moment later (a person reads first), settles it over its
 * socket, and when the socket drops (its process stopped or died) opens a new one through the load
 * balancer and carries on. Told its process is stopping (`server:restarting`), it sends no claim
 * on that connection: it claims over its new one, with the notice's handover, as the client does
 * (client/src/realtime/claimAcrossRestarts.ts). It counts what the server confirmed, the claims
 * whose answer never came (sent to a process that died), and the claims handed over.
 */
export class ClusterSurfer {
  /** Views the server acknowledged as credited. */
  credited = 0;
  /** Claims sent whose acknowledgement never came: the process ended before answering. */
  unanswered = 0;
  /** Times the tab had to connect again. */
  reconnects = 0;
  /** Claims of a ticket of an ended connection, sent over the next one with a restart's handover. */
  handedOver = 0;
  /** Answers no surfer should see: a 5xx, a refusal, a server error. */
  readonly problems: string[] = [];
  private tab: TestSocket | null = null;
  /** The tab's process said it is stopping (`server:restarting`): the next claim goes through a new connection. */
  private leaving = false;
  /** The handovers restart notices gave, by the connection they name. */
  private readonly handovers = new Map<string, ConnectionHandover>();

  private constructor(
    readonly member: TestMember,
    private readonly url: string,
  ) {}

  /** Signs up through the load balancer, then logs in again from a new browser, as a returning member does. */
  static async join(url: string): Promise<ClusterSurfer> {
    const signedUp = await signUp(url);
    const browser = new TestBrowser(url);
    const login = await logIn(browser, signedUp.username, signedUp.password);
    if (login.status !== 200) throw new Error(`login through the load balancer failed: ${login.status}`);
    return new ClusterSurfer({ ...signedUp, browser }, url);
  }

  /** Surfs until `stop()` answers true or no post is left; up to `pauseMs` between a post's showing and its Next click. */
  async surf(stop: () => boolean, pauseMs = 0): Promise<void> {
    while (!stop()) {
      const tab = await this.connected();
      const connection = tab.id;
      const offered = await this.next(tab);
      if (offered === 'retry') continue;
      if (!offered.ticket) return;
      if (pauseMs) await sleep(Math.random() * pauseMs);
      let answer;
      try {
        answer = await this.claim(tab, connection, offered.ticket.id);
      } catch {
        this.unanswered++;
        continue;
      }
      if ('data' in answer && answer.data.credited === 1) this.credited++;
      else this.problems.push(`claim: ${JSON.stringify(answer)}`);
    }
  }

  /**
   * Claims the ticket issued to `tab` (its connection `ticketConnection`): over it while it stays,
   * else over the next connection with the restart's handover; a claim whose connection a restart
   * ended before the answer came goes again that way.
   */
  private async claim(tab: TestSocket, ticketConnection: string, ticketId: string): Promise<ClaimAck> {
    const telemetry = humanClick();
    for (let attempt = 0; ; attempt++) {
      const handover = this.handovers.get(ticketConnection);
      const current = handover && (this.leaving || !tab.connected) ? await this.connected() : tab;
      const handingOver = current !== tab && handover !== undefined;
      if (handingOver) this.handedOver++;
      try {
        return await sendClaim(current, { ticketId, telemetry, ...(handingOver ? { handover } : {}) }, 5000);
      } catch (error) {
        if (attempt > 0 || current.connected || !this.handovers.has(ticketConnection)) throw error;
      }
    }
  }

  /** Opens the tab now (surf() opens it when needed). */
  async connect(): Promise<void> {
    await this.connected();
  }

  close(): void {
    this.tab?.close();
  }

  private async next(tab: TestSocket): Promise<SurfNextAnswer | 'retry'> {
    const answer = await surfNext(this.member.browser, tab).catch((error: unknown) => error);
    if (answer instanceof Error) {
      // Not the app's envelope: the load balancer answered itself (e.g. its 502 page).
      this.problems.push(`surf next: ${answer.message}`);
      return 'retry';
    }
    const { status, body } = answer as Awaited<ReturnType<typeof surfNext>>;
    if (status === 200) return body.data!;
    // The tab's process went away between the connect and this call: connect again.
    if (!tab.connected || body.errors[0]?.code === 'not_connected') return 'retry';
    this.problems.push(`surf next: ${status} ${JSON.stringify(body.errors)}`);
    await sleep(200);
    return 'retry';
  }

  private async connected(): Promise<TestSocket> {
    if (this.tab?.connected && !this.leaving) return this.tab;
    if (this.tab) this.reconnects++;
    this.tab?.close();
    for (let attempt = 0; ; attempt++) {
      try {
        const tab = await connectSocket(this.url, this.member.browser);
        this.leaving = false;
        tab.socket.on('server:restarting', (handover) => {
          this.leaving = true;
          if (handover) this.handovers.set(handover.connection, handover);
        });
        this.tab = tab;
        return tab;
      } catch (error) {
        if (attempt === 50) throw error;
        await sleep(100);
      }
    }
  }
}

/** Views credited to each member in the ledger: one `view_earned` row per settled, credited ticket. */
export async function creditedViewsOf(db: pg.Client, userIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.query(
    `SELECT user_id, count(*)::int AS views FROM credit_ledger
      WHERE kind = 'view_earned' AND user_id = ANY ($1) GROUP BY user_id`,
    [userIds],
  );
  return new Map(userIds.map((id) => [id, rows.find((row) => row.user_id === id)?.views ?? 0]));
}
