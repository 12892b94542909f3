import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * How a service makes several writes one transaction without holding the DataSource: the
 * `manager` handed to `work` goes, as their first argument, to every repository method (and
 * `LedgerService.move`) that must take part in it.
 */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Commits when `work` resolves, rolls back when it throws; answers what `work` answered. */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
