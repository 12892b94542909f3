import { Global, Module } from '@nestjs/common';
import { ErrorLogModule } from '../error-log/error-log.module.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { ConnectionRegistry } from '../realtime/connection-registry.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { RedisClients } from '../realtime/redis-clients.js';
import { RoomAccess } from '../realtime/room-access.js';
import { RoomPresence } from '../realtime/room-presence.js';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * The realtime side wired together: the service every feature pushes through (realtime/), the
 * one gateway, which reads sessions, teams, notifications, announcements and live data and so sits
 * above them, and live data. Global, because every feature pushes.
 */
@Global()
@Module({
  imports: [ErrorLogModule],
  providers: [RealtimeService, RealtimeGateway, LiveDataService, RedisClients, ConnectionRegistry, RoomAccess, RoomPresence],
  exports: [RealtimeService, LiveDataService, RedisClients, RoomAccess],
})
export class RealtimeModule {}
