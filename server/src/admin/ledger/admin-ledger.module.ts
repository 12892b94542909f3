import { Module } from '@nestjs/common';
import { AdminLedgerController } from './admin-ledger.controller.js';
import { AdminLedgerRepository } from './admin-ledger.repository.js';
import { AdminLedgerService } from './admin-ledger.service.js';

@Module({
  controllers: [AdminLedgerController],
  providers: [AdminLedgerService, AdminLedgerRepository],
})
export class AdminLedgerModule {}
