import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { LedgerTotals, LedgerVerification } from '@shared/admin/ledger.js';
import { Auth, CurrentAuth } from '../../auth/auth.decorators.js';
import type { AuthContext } from '../../sessions/auth-context.js';
import { AdminLedgerService } from './admin-ledger.service.js';

@Controller('admin/ledger')
@Auth('admin')
export class AdminLedgerController {
  constructor(private readonly ledger: AdminLedgerService) {}

  /** Runs the ledger check now; answers balanced or the accounts that disagree. */
  @Post('verify')
  @HttpCode(200)
  verify(@CurrentAuth() auth: AuthContext): Promise<LedgerVerification> {
    return this.ledger.verify(auth.user.id);
  }

  @Get('totals')
  totals(): Promise<LedgerTotals> {
    return this.ledger.totals();
  }
}
