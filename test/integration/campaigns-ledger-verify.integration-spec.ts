import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { signUp } from '../support/accounts.js';
import {
  balanceOf,
  campaignCall,
  creditedClaim,
  ledgerMismatches,
  nextTicket,
  promotedPost,
  surfer,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { createTeam } from '../support/team-fixtures.js';

/**
 * `npm run ledger:verify` over a real database: the built CLI (dist/, from `npm run build:server`)
 * run as a child process with DATABASE_URL pointing at this file's database.
 */
const CLI = resolve('dist/server/src/credits/ledger-verify-cli.js');

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build:server\` before these tests`);
});

const testApp = useSurfTestApp();
const { db } = testApp;

interface VerifyRun {
  code: number;
  report: {
    ok: boolean;
    users: { id: number; balance: string; ledger: string }[];
    campaigns: { id: number; balance: string; ledger: string }[];
    teams: { id: number; balance: string; ledger: string }[];
    ledgerRows: number;
    duplicateKeys: number;
  } | null;
  stderr: string;
}

function ledgerVerify(databaseUrl: string): Promise<VerifyRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI],
      { env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        let report: VerifyRun['report'];
        try {
          report = JSON.parse(stdout);
        } catch {
          report = null;
        }
        done({ code, report, stderr });
      },
    );
  });
}

describe('npm run ledger:verify', () => {
  it('passes over a database with signups, campaigns, withdrawals and credited views, and fails on a corrupted balance', async () => {
    const alice = await signUp(testApp.baseUrl);
    const pid = await promotedPost(alice, 6);
    await campaignCall(alice.browser, pid, 'withdraw', { amount: 1 });
    for (let i = 0; i < 3; i++) {
      const viewer = await surfer(testApp.baseUrl);
      const { ticketId } = await nextTicket(viewer.browser, viewer.tab);
      await creditedClaim(viewer.tab, ticketId);
    }

    const clean = await ledgerVerify(testApp.database.url);
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
    // 4 signup bonuses, assign (2 rows), withdraw (2 rows), 3 views (2 rows each).
    expect(clean.report).toEqual({ ok: true, users: [], campaigns: [], teams: [], ledgerRows: 4 + 2 + 2 + 6, duplicateKeys: 0 });

    // The ledger is append-only: its rows can be neither changed nor removed.
    await expect(db.query(`UPDATE credit_ledger SET amount = amount + 1 WHERE user_id = $1`, [alice.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query(`DELETE FROM credit_ledger WHERE user_id = $1`, [alice.id])).rejects.toThrow(/append-only/);
    await expect(db.query(`UPDATE credit_ledger SET idempotency_key = 'x'`)).rejects.toThrow(/append-only/);
    // Nor can a key be used twice for the same account.
    await expect(
      db.query(
        `INSERT INTO credit_ledger (account, user_id, kind, amount, idempotency_key) VALUES ('user', $1, 'purchase', 5, $2)`,
        [alice.id, `signup:${alice.id}`],
      ),
    ).rejects.toThrow(/duplicate key/);
    expect((await ledgerVerify(testApp.database.url)).code).toBe(0);

    // A balance changed behind the ledger's back is found.
    const balance = await balanceOf(db, alice.id);
    await db.query(`UPDATE users SET credits = credits + 1 WHERE id = $1`, [alice.id]);
    try {
      const user = await ledgerVerify(testApp.database.url);
      expect(user.code).toBe(1);
      expect(user.report).toMatchObject({
        ok: false,
        users: [{ id: alice.id, balance: String(balance + 1), ledger: String(balance) }],
        campaigns: [],
      });
      expect((await ledgerMismatches(db)).users).toHaveLength(1);
    } finally {
      await db.query(`UPDATE users SET credits = credits - 1 WHERE id = $1`, [alice.id]);
    }

    // So is a campaign's.
    await db.query(`UPDATE campaigns SET credits = credits + 5 WHERE post_id = $1`, [pid]);
    try {
      const campaign = await ledgerVerify(testApp.database.url);
      expect(campaign.code).toBe(1);
      expect(campaign.report).toMatchObject({ ok: false, users: [], campaigns: [{ id: pid, balance: '7', ledger: '2' }] });
    } finally {
      await db.query(`UPDATE campaigns SET credits = credits - 5 WHERE post_id = $1`, [pid]);
    }

    // And an unrecorded credit on the ledger's side (a row without its balance update).
    await db.query(
      `INSERT INTO credit_ledger (account, user_id, kind, amount, idempotency_key) VALUES ('user', $1, 'admin_adjustment', 3, 'test-unbalanced')`,
      [alice.id],
    );
    try {
      const row = await ledgerVerify(testApp.database.url);
      expect(row.code).toBe(1);
      expect(row.report!.users).toEqual([{ id: alice.id, balance: String(balance), ledger: String(balance + 3) }]);
    } finally {
      // The row cannot be removed: balance it the way an adjustment is made.
      await db.query(`UPDATE users SET credits = credits + 3 WHERE id = $1`, [alice.id]);
    }

    const restored = await ledgerVerify(testApp.database.url);
    expect(restored.code).toBe(0);
    expect(restored.report!.ok).toBe(true);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 5 + 3);
  });

  it('covers team balances: a member’s move into a team balances, a team balance changed behind the ledger is found', async () => {
    const owner = await signUp(testApp.baseUrl);
    const team = await createTeam(owner);
    expect((await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 4 })).status).toBe(200);
    const clean = await ledgerVerify(testApp.database.url);
    expect(clean.code).toBe(0);
    expect(clean.report).toMatchObject({ ok: true, users: [], teams: [] });

    await db.query(`UPDATE teams SET credits = credits + 2 WHERE id = $1`, [team.id]);
    try {
      const corrupted = await ledgerVerify(testApp.database.url);
      expect(corrupted.code).toBe(1);
      expect(corrupted.report).toMatchObject({ ok: false, users: [], teams: [{ id: team.id, balance: '6', ledger: '4' }] });
    } finally {
      await db.query(`UPDATE teams SET credits = credits - 2 WHERE id = $1`, [team.id]);
    }
    expect((await ledgerVerify(testApp.database.url)).code).toBe(0);
  });

  it('exits 1 with a message when the database cannot be reached', async () => {
    const url = new URL(testApp.database.url);
    url.pathname = '/no_such_database_for_ledger_verify';
    const run = await ledgerVerify(url.toString());
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no_such_database_for_ledger_verify|does not exist/);
  });
});
