import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebsiteSettingsEntity } from './website-settings.entity.js';
import { WebsiteSettingsRepository } from './website-settings.repository.js';
import { WebsiteSettingsService } from './website-settings.service.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([WebsiteSettingsEntity])],
  providers: [WebsiteSettingsService, WebsiteSettingsRepository],
  exports: [WebsiteSettingsService, WebsiteSettingsRepository],
})
export class WebsiteModule {}
