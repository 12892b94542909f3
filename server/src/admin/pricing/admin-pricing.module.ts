import { Module } from '@nestjs/common';
import { AdminPricingController } from './admin-pricing.controller.js';
import { AdminPricingRepository } from './admin-pricing.repository.js';
import { AdminPricingService } from './admin-pricing.service.js';

@Module({ controllers: [AdminPricingController], providers: [AdminPricingService, AdminPricingRepository] })
export class AdminPricingModule {}
