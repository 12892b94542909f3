import { Module } from '@nestjs/common';
import { OnboardingController } from './onboarding.controller.js';
import { OnboardingService } from './onboarding.service.js';

@Module({ controllers: [OnboardingController], providers: [OnboardingService] })
export class OnboardingModule {}
