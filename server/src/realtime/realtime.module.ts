import { Global, Module } from '@nestjs/common';
import { LiveDataService } from '../live-data/live-data.service.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeService } from './realtime.service.js';

@Global()
@Module({ providers: [RealtimeService, RealtimeGateway, LiveDataService], exports: [RealtimeService, LiveDataService] })
export class RealtimeModule {}
