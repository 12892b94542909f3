import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { EMAILED_CODE_LENGTH, EMAILED_CODES_PER_DAY, type SurfChallengeEmailAnswer } from '@shared/surf/challenge-email.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import type { AuthUser } from '../sessions/auth-context.js';
import { renderChallengeImage } from './challenge-image.js';
import { challengeSeed } from './challenge-seed.js';
import { CHALLENGE_EMAIL_TEXTS, challengeCodeMail, maskedAddress } from './challenge-texts.js';
import { ChallengeRepository } from './challenge.repository.js';
import { NO_CHALLENGE } from './surf-texts.js';

/**
 * A challenged ticket's two ways to be answered: the picture of its code, the same picture every
 * time for the same ticket (seeded by the ticket id under the server's secret, so fetching it
 * again gives a script nothing new), and, for a member who cannot read it, a code by email.
 */
@Injectable()
export class ChallengeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: ChallengeRepository,
    private readonly mail: MailService,
  ) {}

  /**
   * The picture of the code the member's open ticket asks for. Only its viewer sees it, and only
   * while the ticket is open and answered by picture: a settled or replaced ticket, another
   * member's, one without a challenge or one switched to email answers 404.
   */
  async picture(userId: number, ticketId: string): Promise<Buffer> {
    const code = await this.repository.pictureCode(ticketId, userId);
    if (code === null) throw new AppError(ErrorCode.NotFound, NO_CHALLENGE.heading, NO_CHALLENGE.message);
    return renderChallengeImage(code, challengeSeed(this.config.sessionSecret, ticketId));
  }

  /**
   * Switches the member's open challenged ticket to a fresh 6-digit code and mails it to their
   * confirmed address: once per ticket, EMAILED_CODES_PER_DAY a day. From then on the picture's
   * code no longer answers; the claim compares the mailed one as it would the picture's.
   */
  async emailCode(user: AuthUser, ticketId: string): Promise<SurfChallengeEmailAnswer> {
    if (!user.emailConfirmed) {
      const { heading, message } = CHALLENGE_EMAIL_TEXTS.unconfirmed;
      throw new AppError(ErrorCode.Conflict, heading, message);
    }
    const code = String(randomInt(10 ** EMAILED_CODE_LENGTH)).padStart(EMAILED_CODE_LENGTH, '0');
    switch (await this.repository.switchToEmail(ticketId, user.id, code, EMAILED_CODES_PER_DAY)) {
      case 'not_found':
        throw new AppError(ErrorCode.NotFound, NO_CHALLENGE.heading, NO_CHALLENGE.message);
      case 'already_emailed': {
        const { heading, message } = CHALLENGE_EMAIL_TEXTS.alreadySent;
        throw new AppError(ErrorCode.ChallengeEmailLimit, heading, message);
      }
      case 'daily_limit': {
        const { heading, message } = CHALLENGE_EMAIL_TEXTS.dailyLimit;
        throw new AppError(ErrorCode.ChallengeEmailLimit, heading, message);
      }
      case 'switched':
        await this.mail.send({ id: user.id, email: user.email }, challengeCodeMail(user.firstName, code));
        return { sentTo: maskedAddress(user.email) };
    }
  }
}
