import { Injectable } from '@nestjs/common';
import { LEDGER_TOTAL_KINDS, type LedgerKindTotal, type LedgerTotals, type LedgerVerification } from '@shared/admin/ledger.js';
import type { LedgerKind } from '@shared/credits/credits.js';
import { AdminAudit } from '../../audit/admin-audit.service.js';
import { Transactions } from '../../database/transactions.js';
import { AdminLedgerRepository } from './admin-ledger.repository.js';

/** The admin Ledger tab: the ledger check run on demand (audited) and where the credits are. */
@Injectable()
export class AdminLedgerService {
  constructor(
    private readonly ledger: AdminLedgerRepository,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
  ) {}

  verify(adminId: number): Promise<LedgerVerification> {
    return this.transactions.run(async (manager) => {
      const found = await this.ledger.mismatches(manager);
      const mismatches = (['users', 'campaigns', 'teams'] as const).flatMap((key) =>
        found[key].map((row) => ({
          account: key === 'users' ? ('user' as const) : key === 'campaigns' ? ('campaign' as const) : ('team' as const),
          id: Number(row.id),
          balance: Number(row.balance),
          ledger: Number(row.ledger),
        })),
      );
      const result: LedgerVerification = {
        balanced: mismatches.length === 0 && found.duplicateKeys === 0,
        mismatches,
        duplicateKeys: found.duplicateKeys,
        ledgerRows: found.ledgerRows,
        checkedAt: new Date().toISOString(),
      };
      await this.audit.record(manager, {
        adminId,
        action: 'ledger_verified',
        targetType: 'ledger',
        targetId: 'credit_ledger',
        before: null,
        after: {
          balanced: result.balanced,
          mismatches: mismatches.slice(0, 50),
          duplicateKeys: result.duplicateKeys,
          ledgerRows: result.ledgerRows,
        },
      });
      return result;
    });
  }

  async totals(): Promise<LedgerTotals> {
    const sums = new Map((await this.ledger.kindSums()).map((row) => [row.kind, row]));
    const side = (kinds: readonly LedgerKind[], part: 'added' | 'taken'): LedgerKindTotal[] =>
      kinds.map((kind) => ({ kind, credits: Number(sums.get(kind)?.[part] ?? 0) }));
    const balances = await this.ledger.balances();
    const held = {
      members: Number(balances.members),
      teams: Number(balances.teams),
      campaigns: Number(balances.campaigns),
    };
    return {
      issued: side(LEDGER_TOTAL_KINDS.issued, 'added'),
      removed: side(LEDGER_TOTAL_KINDS.removed, 'taken'),
      spent: side(LEDGER_TOTAL_KINDS.spent, 'taken'),
      held: { ...held, total: held.members + held.teams + held.campaigns },
    };
  }
}
