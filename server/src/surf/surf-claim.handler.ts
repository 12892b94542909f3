import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { Ack } from '@shared/realtime/events.js';
import { surfClaimSchema, type SurfClaimAnswer } from '@shared/surf/surf.js';
import { RealtimeService, type RealtimeSocket } from '../realtime/realtime.service.js';
import { SurfRefusal, SurfService } from './surf.service.js';

/** The Next click arrives as 'surf:claim' on the connection the ticket was issued to. */
@Injectable()
export class SurfClaimHandler implements OnModuleInit {
  private readonly logger = new Logger(SurfClaimHandler.name);

  constructor(
    private readonly surf: SurfService,
    private readonly realtime: RealtimeService,
  ) {}

  onModuleInit(): void {
    this.realtime.handle('surf:claim', (socket, body) => this.claim(socket, body));
  }

  private async claim(socket: RealtimeSocket, body: unknown): Promise<Ack<SurfClaimAnswer>> {
    const userId = socket.data.userId;
    if (userId === null) return { error: { code: ErrorCode.Unauthenticated, message: 'Please log in to earn credits.' } };
    const claim = surfClaimSchema.safeParse(body);
    if (!claim.success)
      return { error: { code: ErrorCode.Validation, message: 'This click could not be read. Please reload the page.' } };
    try {
      return { data: await this.surf.claim(userId, socket.id, claim.data) };
    } catch (error) {
      if (error instanceof SurfRefusal) {
        const { message, retryAfter } = error;
        return { error: { code: ErrorCode.Conflict, message, ...(retryAfter ? { retryAfter } : {}) } };
      }
      this.logger.error(`surf:claim failed: ${error instanceof Error ? error.stack : error}`);
      return {
        error: { code: ErrorCode.Internal, message: 'Something went wrong. Your credit is safe; please press Next again.' },
      };
    }
  }
}
