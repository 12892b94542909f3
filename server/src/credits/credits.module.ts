import { Global, Module } from '@nestjs/common';
import { CreditsController } from './credits.controller.js';
import { CreditsRepository } from './credits.repository.js';
import { EarningsSummaryService } from './earnings-summary.service.js';
import { LedgerService } from './ledger.service.js';

@Global()
@Module({
  controllers: [CreditsController],
  providers: [LedgerService, CreditsRepository, EarningsSummaryService],
  exports: [LedgerService, CreditsRepository],
})
export class CreditsModule {}
