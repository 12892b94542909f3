import { Controller, Get } from '@nestjs/common';
import type { LandingFacts } from '@shared/landing/landing.js';
import { LandingService } from './landing.service.js';

/** The landing page's public facts (LANDING_ENDPOINTS); no session needed. */
@Controller('landing')
export class LandingController {
  constructor(private readonly landing: LandingService) {}

  @Get()
  facts(): Promise<LandingFacts> {
    return this.landing.facts();
  }
}
