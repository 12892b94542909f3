import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Advertiser } from '../auth/advertiser.js';
import { isDatabaseUnavailable } from '../common/errors/database-unavailable.js';
import { LedgerService } from '../credits/ledger.service.js';
import { Transactions } from '../database/transactions.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { LevelsRepository, type DueGrant } from './levels.repository.js';

/** How often due monthly credits are granted. */
export const GRANTS_EVERY_MS = 10 * 60_000;
/** Grants per batch read; a run reads batches until none is due. */
const BATCH = 200;

/**
 * Each month of a membership (every 30 days from its start, the first at its start) grants the
 * level's monthly credits to the member's balance, or to the team's for a team's membership: a
 * `membership_grant` ledger row under `grant:<membership id>:<month>`, so a month credits once
 * whoever grants it (the settlement of the order, this job, another process). Only periods that
 * contain now grant: an ended period's missed months are not granted afterwards.
 */
@Injectable()
export class MembershipGrants implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MembershipGrants.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopping = false;

  constructor(
    private readonly transactions: Transactions,
    private readonly repository: LevelsRepository,
    private readonly ledger: LedgerService,
    private readonly liveData: LiveDataService,
  ) {}

  onApplicationBootstrap(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), GRANTS_EVERY_MS);
    this.timer.unref();
  }

  /** Lets the run under way finish the month it is granting; the next run, anywhere, grants the rest. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /**
   * Grants every due month; answers how many this call granted. A call while a run is under way
   * waits for it and then runs again, so what was due before the call is granted when it returns.
   */
  async run(): Promise<number> {
    const previous = this.running?.catch(() => 0) ?? Promise.resolve(0);
    const run = previous.then(() => this.grantAllDue());
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  /**
   * The months of the membership an order bought that are due now (its first month, when it
   * starts at once; a queued period's months come with the job), in the settlement's transaction.
   * Answers the accounts credited, to be told once the transaction commits.
   */
  async grantOrder(manager: EntityManager, orderId: string): Promise<Advertiser[]> {
    const granted: Advertiser[] = [];
    for (const due of await this.repository.dueGrantsOfOrder(manager, orderId)) {
      if (await this.grant(manager, due)) granted.push(accountOf(due));
    }
    return granted;
  }

  /** Tells the account's open tabs its new balance. */
  async announce(accounts: Advertiser[]): Promise<void> {
    for (const account of accounts) await this.liveData.pushCreditsOf(account);
  }

  private async grantAllDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.repository.dueGrants(BATCH);
      let granted = 0;
      for (const due of batch) {
        if (this.stopping) return total + granted;
        // Each month is its own transaction; the key makes a month another process granted a no-op.
        if (await this.transactions.run((manager) => this.grant(manager, due))) {
          granted += 1;
          await this.announce([accountOf(due)]);
        }
      }
      total += granted;
      if (batch.length < BATCH || granted === 0) return total;
    }
  }

  private async grant(manager: EntityManager, due: DueGrant): Promise<boolean> {
    // A period refunded since it was read as due grants nothing.
    if (!(await this.repository.holdCurrentMembership(manager, due.membership_id))) return false;
    const key = `grant:${due.membership_id}:${due.month}`;
    return this.ledger.move(manager, key, [
      due.team_id === null
        ? { account: 'user', userId: due.user_id, amount: due.credits, kind: 'membership_grant' }
        : { account: 'team', teamId: due.team_id, amount: due.credits, kind: 'membership_grant' },
    ]);
  }

  private async tick(): Promise<void> {
    try {
      await this.run();
    } catch (error) {
      // An unreachable database is reported by the calls that need it; the next run catches up.
      if (!isDatabaseUnavailable(error)) this.logger.error(`Granting monthly membership credits failed: ${String(error)}`);
    }
  }
}

function accountOf(due: DueGrant): Advertiser {
  return due.team_id === null ? { kind: 'member', userId: due.user_id } : { kind: 'team', teamId: due.team_id };
}
