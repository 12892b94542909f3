import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import pg from 'pg';
import type { Repository } from 'typeorm';
import type { PublicWebsite } from '@shared/website/website.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { WebsiteSettingsEntity } from './website-settings.entity.js';

const CHANNEL = 'website_settings_changed';
const RECONNECT_DELAY_MS = 1000;

/**
 * Website settings are read on every /data answer (the maintenance flag), so they live in
 * memory. A LISTEN connection reloads them whenever the table changes, in every process.
 */
@Injectable()
export class WebsiteSettingsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(WebsiteSettingsService.name);
  private current: WebsiteSettingsEntity;
  private listener: pg.Client | null = null;
  private stopped = false;

  constructor(
    @InjectRepository(WebsiteSettingsEntity) private readonly repository: Repository<WebsiteSettingsEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.listener?.end().catch(() => undefined);
  }

  get settings(): WebsiteSettingsEntity {
    return this.current;
  }

  get isInMaintenance(): boolean {
    return this.current?.maintenance ?? false;
  }

  publicWebsite(): PublicWebsite {
    const { name, signups, companyRegistration } = this.current;
    return { name, signups, companyRegistration };
  }

  async update(patch: Partial<Pick<WebsiteSettingsEntity, 'name' | 'signups' | 'maintenance' | 'companyRegistration'>>) {
    await this.repository.update({ id: 1 }, patch);
    await this.reload();
  }

  async reload(): Promise<void> {
    this.current = await this.repository.findOneByOrFail({ id: 1 });
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl });
    client.on('notification', () => {
      this.reload().catch((error) => this.logger.error(`Reloading website settings failed: ${error}`));
    });
    client.on('error', (error) => {
      this.logger.warn(`Settings listener lost its connection: ${error.message}`);
      this.listener = null;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    setTimeout(() => {
      if (this.stopped) return;
      this.listen()
        .then(() => this.reload())
        .catch(() => this.scheduleReconnect());
    }, RECONNECT_DELAY_MS).unref();
  }
}
