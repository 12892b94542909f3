import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { SurfSettings } from '@shared/admin/site-settings.js';
import type { PublicWebsite } from '@shared/website/website.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { listenForChanges } from '../database/pg-listener.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { WebsiteSettingsEntity } from './website-settings.entity.js';
import { WebsiteSettingsRepository } from './website-settings.repository.js';

/** The surf bar's site-wide rules, every value set: what the surf functions take. */
export type SurfRules = { [rule in keyof SurfSettings]: number };

/**
 * Website settings are read on every /data answer (the maintenance flag), so they live in
 * memory, reloaded on the table's NOTIFY in every process. When a reload turns maintenance on or
 * off, the process tells its own open tabs at once (`website:maintenance`): every process reloads
 * on the same NOTIFY, so every tab hears it once.
 */
@Injectable()
export class WebsiteSettingsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(WebsiteSettingsService.name);
  private current: WebsiteSettingsEntity;
  private listener: { close(): Promise<void> } | null = null;

  constructor(
    private readonly repository: WebsiteSettingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly realtime: RealtimeService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.listener = await listenForChanges(
      this.config.databaseUrl!,
      'website_settings_changed',
      () => void this.reload().catch((error) => this.logger.error(`Reloading website settings failed: ${error}`)),
      this.logger,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

  get settings(): WebsiteSettingsEntity {
    return this.current;
  }

  get isInMaintenance(): boolean {
    return this.current?.maintenance ?? false;
  }

  /** The surf rules in force: an admin's countdown and cap, else the server's (SURF_TIMER_SECONDS, DAILY_EARNING_CAP). */
  surfRules(): SurfRules {
    const { surf } = this.config;
    return {
      timerSeconds: this.current.surfTimerSeconds ?? surf.timerSeconds,
      dailyEarningCap: this.current.dailyEarningCap ?? surf.dailyEarningCap,
      challengeAt: this.current.challengeAt,
      blockAt: this.current.blockAt,
      wrongCodesToStop: this.current.wrongCodesToStop,
      earningsReviewMinutes: this.current.earningsReviewMinutes ?? surf.earningsReviewMinutes,
      newcomerDailyCap: this.current.newcomerDailyCap ?? surf.newcomerDailyCap,
    };
  }

  publicWebsite(): PublicWebsite {
    const { name, signups, companyRegistration } = this.current;
    return {
      name,
      signups,
      companyRegistration,
      consentCountries: {
        cookieLaw: this.current.cookieLawCountries,
        revocable: this.current.revocableConsentCountries,
        explicitAction: this.current.explicitConsentCountries,
      },
    };
  }

  async reload(): Promise<void> {
    const settings = await this.repository.current();
    // Compared after the read: two reloads in flight at once (the saving process's own and the
    // NOTIFY's) then push a change once.
    const before = this.current?.maintenance;
    this.current = settings;
    const maintenance = settings.maintenance;
    if (before !== undefined && before !== maintenance) {
      this.realtime.sendToAll('website:maintenance', [{ maintenance }], { local: true });
    }
  }
}
