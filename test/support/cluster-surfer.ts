import type pg from 'pg';
import type { SurfNextAnswer } from '../../shared/surf/surf.js';
import { logIn, signUp, type TestMember } from './accounts.js';
import { connectSocket, type TestSocket } from './socket-client.js';
import { humanClick, sendClaim, surfNext } from './surf-fixtures.js';
import { TestBrowser } from './test-browser.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A member surfing through the load balancer as the surf bar does: asks for a post over HTTP
 * (any process may answer), settles it over its socket, and when the socket drops (its process
 * stopped or died) opens a new one through the load balancer and carries on. It counts what the
 * server confirmed, and the claims whose answer never came (sent to a process that died).
 */
export class ClusterSurfer {
  /** Views the server acknowledged as credited. */
  credited = 0;
  /** Claims sent whose acknowledgement never came: the process ended before answering. */
  unanswered = 0;
  /** Times the tab had to connect again. */
  reconnects = 0;
  /** Answers no surfer should see: a 5xx, a refusal, a server error. */
  readonly problems: string[] = [];
  private tab: TestSocket | null = null;
  /** The tab's process said it is stopping (`server:restarting`): the next view goes through a new connection. */
  private leaving = false;

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

  /** Surfs until `stop()` answers true or no post is left; `pauseMs` between views. */
  async surf(stop: () => boolean, pauseMs = 0): Promise<void> {
    while (!stop()) {
      const tab = await this.connected();
      const offered = await this.next(tab);
      if (offered === 'retry') continue;
      if (!offered.ticket) return;
      let answer;
      try {
        answer = await sendClaim(tab, { ticketId: offered.ticket.id, telemetry: humanClick() }, 5000);
      } catch {
        this.unanswered++;
        continue;
      }
      if ('data' in answer && answer.data.credited === 1) this.credited++;
      else this.problems.push(`claim: ${JSON.stringify(answer)}`);
      if (pauseMs) await sleep(pauseMs);
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
        tab.socket.on('server:restarting', () => (this.leaving = true));
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
