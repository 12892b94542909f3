import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { SiteSettings } from '@shared/admin/site-settings.js';
import { WebsiteSettingsEntity } from './website-settings.entity.js';

/** The single row of `website_settings`. */
@Injectable()
export class WebsiteSettingsRepository {
  constructor(@InjectRepository(WebsiteSettingsEntity) private readonly settings: Repository<WebsiteSettingsEntity>) {}

  /** Fails when the row is missing (the seed migration creates it). */
  current(): Promise<WebsiteSettingsEntity> {
    return this.settings.findOneByOrFail({ id: 1 });
  }

  /** The row, locked for the rest of the caller's transaction. */
  async lock(manager: EntityManager): Promise<WebsiteSettingsEntity> {
    return manager.getRepository(WebsiteSettingsEntity).findOneOrFail({ where: { id: 1 }, lock: { mode: 'pessimistic_write' } });
  }

  /** Writes the settings admins edit; the table's trigger tells every process to reload them. */
  async update(manager: EntityManager, settings: SiteSettings): Promise<void> {
    await manager.getRepository(WebsiteSettingsEntity).update(
      { id: 1 },
      {
        name: settings.name,
        signups: settings.signups,
        maintenance: settings.maintenance,
        companyRegistration: settings.companyRegistration,
        cookieLawCountries: settings.consentCountries.cookieLaw,
        revocableConsentCountries: settings.consentCountries.revocable,
        explicitConsentCountries: settings.consentCountries.explicitAction,
        surfTimerSeconds: settings.surf.timerSeconds,
        dailyEarningCap: settings.surf.dailyEarningCap,
        challengeAt: settings.surf.challengeAt,
        blockAt: settings.surf.blockAt,
        wrongCodesToStop: settings.surf.wrongCodesToStop,
        earningsReviewMinutes: settings.surf.earningsReviewMinutes,
        newcomerDailyCap: settings.surf.newcomerDailyCap,
      },
    );
  }
}
