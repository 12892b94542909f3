import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { Ack } from '@shared/realtime/events.js';
import { surfClaimSchema, type SurfClaimAnswer } from '@shared/surf/surf.js';
import type { SurfClaimRefusalCode } from '@shared/surf/surf-outcomes.js';
import { RealtimeService, type RealtimeSocket } from '../realtime/realtime.service.js';
import { SurfService } from './surf.service.js';
import { CLAIM_TEXTS } from './surf-texts.js';

/**
 * The Next click arrives as 'surf:claim' on the connection the ticket was issued to, or, after a
 * server restart ended that connection, on the same session's new one with the restart's handover.
 */
@Injectable()
export class SurfClaimHandler implements OnModuleInit {
  constructor(
    private readonly surf: SurfService,
    private readonly realtime: RealtimeService,
  ) {}

  onModuleInit(): void {
    this.realtime.handle('surf:claim', (socket, body) => this.claim(socket, body));
  }

  private async claim(socket: RealtimeSocket, body: unknown): Promise<Ack<SurfClaimAnswer, SurfClaimRefusalCode>> {
    const userId = socket.data.userId;
    if (userId === null) return { error: { code: ErrorCode.Unauthenticated, message: CLAIM_TEXTS.unauthenticated } };
    const claim = surfClaimSchema.safeParse(body);
    if (!claim.success) return { error: { code: ErrorCode.Validation, message: CLAIM_TEXTS.unreadable } };
    // A failure is answered by RealtimeService: `unavailable` while the database is down, else `internal`.
    const { handover } = claim.data;
    const endedConnection = handover ? await this.realtime.handedOver(socket, handover) : null;
    return this.surf.claim(userId, socket.id, claim.data, endedConnection);
  }
}
