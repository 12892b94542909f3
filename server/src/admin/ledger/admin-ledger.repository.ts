import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { LedgerKind } from '@shared/credits/credits.js';
import { findLedgerMismatches } from '../../credits/credits.repository.js';

export interface KindSums {
  kind: LedgerKind;
  added: string;
  taken: string;
}

export interface BalanceSums {
  members: string;
  teams: string;
  campaigns: string;
}

/** Reads over the whole credits ledger and the balances it must add up to. */
@Injectable()
export class AdminLedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The same check as `npm run ledger:verify`, in the given transaction (one snapshot). */
  mismatches(manager: EntityManager): ReturnType<typeof findLedgerMismatches> {
    return findLedgerMismatches((sql) => manager.query(sql));
  }

  /** Per kind, the credits its positive rows added and its negative rows took (as a positive number). */
  kindSums(): Promise<KindSums[]> {
    return this.dataSource.query(
      `SELECT kind,
              coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::bigint AS added,
              coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::bigint AS taken
         FROM credit_ledger GROUP BY kind`,
    );
  }

  async balances(): Promise<BalanceSums> {
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT coalesce(sum(credits), 0)::bigint FROM users) AS members,
              (SELECT coalesce(sum(credits), 0)::bigint FROM teams) AS teams,
              (SELECT coalesce(sum(credits), 0)::bigint FROM campaigns) AS campaigns`,
    )) as BalanceSums[];
    return row;
  }
}
