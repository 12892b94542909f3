import { Global, Module } from '@nestjs/common';
import { ErrorLogModule } from '../error-log/error-log.module.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeService } from './realtime.service.js';
import { ConnectionRegistry } from './connection-registry.js';
import { RedisClients } from './redis-clients.js';

@Global()
@Module({
  imports: [ErrorLogModule],
  providers: [RealtimeService, RealtimeGateway, LiveDataService, RedisClients, ConnectionRegistry],
  exports: [RealtimeService, LiveDataService, RedisClients],
})
export class RealtimeModule {}
