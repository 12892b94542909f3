import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { WebsiteSettingsEntity } from './website-settings.entity.js';

/** The single row of `website_settings`. */
@Injectable()
export class WebsiteSettingsRepository {
  constructor(@InjectRepository(WebsiteSettingsEntity) private readonly settings: Repository<WebsiteSettingsEntity>) {}

  /** Fails when the row is missing (the seed migration creates it). */
  current(): Promise<WebsiteSettingsEntity> {
    return this.settings.findOneByOrFail({ id: 1 });
  }
}
