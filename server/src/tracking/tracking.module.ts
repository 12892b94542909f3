import { Module } from '@nestjs/common';
import { AddressHashes } from './address-hashes.js';
import { StatsCountedPush } from './stats-counted-push.js';
import { TrackingPartitions } from './tracking-partitions.js';
import { TrackingWriter } from './tracking-writer.js';
import { TrackingController } from './tracking.controller.js';
import { TrackingRepository } from './tracking.repository.js';
import { TrackingService } from './tracking.service.js';
import { ViewerIds } from './viewer-ids.js';

/** Visits and feed activity, buffered in memory and written in batches with their rollups. */
@Module({
  controllers: [TrackingController],
  providers: [
    TrackingService,
    TrackingWriter,
    TrackingPartitions,
    TrackingRepository,
    AddressHashes,
    StatsCountedPush,
    ViewerIds,
  ],
})
export class TrackingModule {}
