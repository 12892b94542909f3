import { Injectable } from '@nestjs/common';
import { LANDING_FACTS_MAX_AGE_SECONDS, type LandingFacts } from '@shared/landing/landing.js';
import { BillingService } from '../billing/billing.service.js';
import { LandingRepository } from './landing.repository.js';

/**
 * The landing page's facts, read at most once every LANDING_FACTS_MAX_AGE_SECONDS per process:
 * visitors share one answer, and concurrent visits while it is read wait for the same read.
 */
@Injectable()
export class LandingService {
  private cached: { facts: LandingFacts; readAt: number } | null = null;
  private reading: Promise<LandingFacts> | null = null;

  constructor(
    private readonly landing: LandingRepository,
    private readonly billing: BillingService,
  ) {}

  facts(now = Date.now()): Promise<LandingFacts> {
    if (this.cached && now - this.cached.readAt < LANDING_FACTS_MAX_AGE_SECONDS * 1000) return Promise.resolve(this.cached.facts);
    this.reading ??= this.read(now).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(now: number): Promise<LandingFacts> {
    const [figures, { packs, levels, free }] = await Promise.all([this.landing.figures(), this.billing.catalog()]);
    const facts = { ...figures, pricing: { packs, levels, free }, asOf: new Date(now).toISOString() };
    this.cached = { facts, readAt: now };
    return facts;
  }
}
