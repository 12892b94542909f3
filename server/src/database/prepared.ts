import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** A statement PostgreSQL parses once per connection under `name` (text and name never change together). */
export interface PreparedStatement {
  name: string;
  text: string;
}

/**
 * Runs a named prepared statement on the DataSource's own pg pool. For the hot paths only:
 * `manager.query` sends unnamed statements, which PostgreSQL parses and plans on every call.
 */
export async function runPrepared<Row>(dataSource: DataSource, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  const result = await pool.query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}
