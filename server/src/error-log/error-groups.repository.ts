import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ErrorGroupEntity } from './error-group.entity.js';

export interface ErrorOccurrence {
  fingerprint: string;
  type: string;
  message: string;
  stack: string;
  url: string;
  browser: string;
}

/** How many distinct addresses a group keeps: enough to see where it happens. */
const URLS_KEPT = 5;

/** The error log's groups: the `error_groups` table. */
@Injectable()
export class ErrorGroupsRepository {
  constructor(@InjectRepository(ErrorGroupEntity) private readonly groups: Repository<ErrorGroupEntity>) {}

  /** Counts one occurrence in its group (made on the first), reopening the group if it was resolved. */
  async count(occurrence: ErrorOccurrence): Promise<void> {
    await this.groups.query(
      `INSERT INTO error_groups AS g (fingerprint, type, message, sample_stack, urls, browsers)
            VALUES ($1, $2, $3, $4, ARRAY[$5::text], jsonb_build_object($6::text, 1))
       ON CONFLICT (fingerprint) DO UPDATE SET
         occurrences = g.occurrences + 1,
         last_seen = now(),
         urls = CASE WHEN $5 = ANY (g.urls) OR cardinality(g.urls) >= ${URLS_KEPT} THEN g.urls ELSE g.urls || $5::text END,
         browsers = g.browsers || jsonb_build_object($6::text, coalesce((g.browsers ->> $6)::int, 0) + 1),
         resolved_at = NULL,
         resolved_by = NULL`,
      [occurrence.fingerprint, occurrence.type, occurrence.message, occurrence.stack, occurrence.url, occurrence.browser],
    );
  }

  /** One page of the open (or resolved) groups, most recently seen first. */
  async page(resolved: boolean, limit: number, offset: number): Promise<{ rows: ErrorGroupEntity[]; total: number }> {
    const where = resolved ? 'resolved_at IS NOT NULL' : 'resolved_at IS NULL';
    const [rows, total] = await this.groups
      .createQueryBuilder('g')
      .where(where)
      .orderBy('g.last_seen', 'DESC')
      .addOrderBy('g.fingerprint')
      .limit(limit)
      .offset(offset)
      .getManyAndCount();
    return { rows, total };
  }

  find(fingerprint: string, manager?: EntityManager): Promise<ErrorGroupEntity | null> {
    return (manager?.getRepository(ErrorGroupEntity) ?? this.groups).findOne({
      where: { fingerprint },
      ...(manager ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  async markResolved(manager: EntityManager, fingerprint: string, adminId: number): Promise<void> {
    await manager.query(`UPDATE error_groups SET resolved_at = now(), resolved_by = $2 WHERE fingerprint = $1`, [
      fingerprint,
      adminId,
    ]);
  }

  /** Keeps the `keep` most recently seen groups and drops the rest; answers how many went. */
  async keepLatest(keep: number): Promise<number> {
    const [, removed] = await this.groups.query(
      `DELETE FROM error_groups WHERE fingerprint IN (SELECT fingerprint FROM error_groups ORDER BY last_seen DESC, fingerprint OFFSET $1)`,
      [keep],
    );
    return removed as number;
  }
}
