import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** What runs once the transaction of a manager has committed (see afterCommit). */
const commitCallbacks = new WeakMap<EntityManager, (() => void)[]>();

/**
 * Runs `callback` once the transaction `manager` belongs to has committed, never when it rolls
 * back (for what must only count what was written, e.g. metrics). A manager from outside
 * `Transactions.run` runs it at once.
 */
export function afterCommit(manager: EntityManager, callback: () => void): void {
  const callbacks = commitCallbacks.get(manager);
  if (callbacks) callbacks.push(callback);
  else callback();
}

/**
 * How a service makes several writes one transaction without holding the DataSource: the
 * `manager` handed to `work` goes, as their first argument, to every repository method (and
 * `LedgerService.move`) that must take part in it.
 */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Commits when `work` resolves, rolls back when it throws; answers what `work` answered. */
  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const committed: (() => void)[] = [];
    const result = await this.dataSource.transaction((manager) => {
      commitCallbacks.set(manager, committed);
      return work(manager);
    });
    for (const callback of committed) callback();
    return result;
  }
}
