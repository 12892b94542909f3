import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaController } from './media.controller.js';
import { MediaEntity } from './media.entity.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MediaEntity])],
  controllers: [MediaController],
  providers: [MediaService, MediaRepository],
  exports: [MediaService],
})
export class MediaModule {}
