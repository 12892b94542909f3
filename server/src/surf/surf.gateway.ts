import { Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { SOCKET_PATH, type Ack } from '@shared/realtime/events.js';
import { surfClaimSchema, type SurfClaimAnswer } from '@shared/surf/surf.js';
import { SurfRefusal, SurfService } from './surf.service.js';

/** The Next click arrives here, on the connection the ticket was issued to. */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false })
export class SurfGateway {
  private readonly logger = new Logger(SurfGateway.name);

  constructor(private readonly surf: SurfService) {}

  @SubscribeMessage('surf:claim')
  async claim(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack<SurfClaimAnswer>> {
    const userId: number | null = socket.data.userId ?? null;
    if (userId === null) return { error: 'Please log in to earn credits.' };
    const claim = surfClaimSchema.safeParse(body);
    if (!claim.success) return { error: 'This click could not be read. Please reload the page.' };
    try {
      return { data: await this.surf.claim(userId, socket.id, claim.data) };
    } catch (error) {
      if (error instanceof SurfRefusal) return { error: error.message };
      this.logger.error(`surf:claim failed: ${error instanceof Error ? error.stack : error}`);
      return { error: 'Something went wrong. Your credit is safe; please press Next again.' };
    }
  }
}
