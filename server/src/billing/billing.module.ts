import { Module } from '@nestjs/common';
import { BillingAdminController } from './billing-admin.controller.js';
import { BillingController } from './billing.controller.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';
import { PaymentProviders } from './payment-providers.js';

@Module({
  controllers: [BillingController, BillingAdminController],
  providers: [BillingService, BillingRepository, PaymentProviders],
  exports: [BillingService],
})
export class BillingModule {}
