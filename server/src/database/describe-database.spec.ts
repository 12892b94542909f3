import { resolve } from 'node:path';
import { describeDatabase } from './describe-database.js';

const embeddedPg = { dir: '.data/postgres', port: 54329 };

describe('the database named at start-up', () => {
  it('is the embedded PostgreSQL with its data folder when DATABASE_URL is unset', () => {
    expect(describeDatabase({ databaseUrl: undefined, embeddedPg })).toBe(
      `embedded PostgreSQL, data in ${resolve('.data/postgres')} (port 54329)`,
    );
  });

  it('is the DATABASE_URL server and database, without the user or the password', () => {
    const named = describeDatabase({
      databaseUrl: 'postgres://surfex:s3cret-pw@db.example.com:6543/surfex_prod?sslmode=require',
      embeddedPg,
    });
    expect(named).toBe('PostgreSQL at db.example.com:6543, database surfex_prod');
    expect(named).not.toMatch(/s3cret|surfex:/);
    expect(describeDatabase({ databaseUrl: 'postgresql://db.internal/app', embeddedPg })).toBe(
      'PostgreSQL at db.internal:5432, database app',
    );
  });

  it('names no part of a DATABASE_URL it cannot read as a URL', () => {
    expect(describeDatabase({ databaseUrl: 'host=db password=s3cret dbname=app', embeddedPg })).toBe(
      'PostgreSQL from DATABASE_URL',
    );
  });
});
