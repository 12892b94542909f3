import { Global, Module } from '@nestjs/common';
import { CreditsController } from './credits.controller.js';
import { LedgerService } from './ledger.service.js';

@Global()
@Module({ controllers: [CreditsController], providers: [LedgerService], exports: [LedgerService] })
export class CreditsModule {}
