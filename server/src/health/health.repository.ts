import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The readiness check's one query. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `SELECT 1` through the app's own pool: the database answers, and a connection can be had. */
  async selectOne(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
