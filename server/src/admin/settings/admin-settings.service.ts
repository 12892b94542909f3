import { Inject, Injectable } from '@nestjs/common';
import type { SiteSettings, SiteSettingsAnswer } from '@shared/admin/site-settings.js';
import { AdminAudit } from '../../audit/admin-audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactions } from '../../database/transactions.js';
import type { WebsiteSettingsEntity } from '../../website/website-settings.entity.js';
import { WebsiteSettingsRepository } from '../../website/website-settings.repository.js';
import { WebsiteSettingsService } from '../../website/website-settings.service.js';

function siteSettingsOf(row: WebsiteSettingsEntity): SiteSettings {
  return {
    name: row.name,
    signups: row.signups,
    maintenance: row.maintenance,
    companyRegistration: row.companyRegistration,
    consentCountries: {
      cookieLaw: row.cookieLawCountries,
      revocable: row.revocableConsentCountries,
      explicitAction: row.explicitConsentCountries,
    },
    surf: {
      timerSeconds: row.surfTimerSeconds,
      dailyEarningCap: row.dailyEarningCap,
      challengeAt: row.challengeAt,
      blockAt: row.blockAt,
      wrongCodesToStop: row.wrongCodesToStop,
      earningsReviewMinutes: row.earningsReviewMinutes,
      newcomerDailyCap: row.newcomerDailyCap,
    },
  };
}

/**
 * The site settings admins edit. A change and its audit row are one transaction; every process
 * (this one at once, the others on the table's NOTIFY) then serves the new settings.
 */
@Injectable()
export class AdminSettingsService {
  constructor(
    private readonly repository: WebsiteSettingsRepository,
    private readonly website: WebsiteSettingsService,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async current(): Promise<SiteSettingsAnswer> {
    const { timerSeconds, dailyEarningCap, earningsReviewMinutes, newcomerDailyCap } = this.config.surf;
    return {
      ...siteSettingsOf(await this.repository.current()),
      surfDefaults: { timerSeconds, dailyEarningCap, earningsReviewMinutes, newcomerDailyCap },
    };
  }

  async update(adminId: number, settings: SiteSettings): Promise<SiteSettingsAnswer> {
    await this.transactions.run(async (manager) => {
      const before = siteSettingsOf(await this.repository.lock(manager));
      await this.repository.update(manager, settings);
      await this.audit.record(manager, {
        adminId,
        action: 'site_settings_updated',
        targetType: 'site_settings',
        targetId: '1',
        before,
        after: settings,
      });
    });
    await this.website.reload();
    return this.current();
  }
}
