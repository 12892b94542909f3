import { Module } from '@nestjs/common';
import { CreditedRollupJob } from './credited-rollup.job.js';
import { StatsController } from './stats.controller.js';
import { StatsRepository } from './stats.repository.js';
import { StatsCache } from './stats-cache.js';
import { StatsService } from './stats.service.js';

@Module({
  controllers: [StatsController],
  providers: [StatsService, StatsRepository, StatsCache, CreditedRollupJob],
})
export class StatsModule {}
