import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { isLanguageCode, LANGUAGE_NAMES } from '@shared/constants/languages.js';
import type { RotatorAnswer } from '@shared/surf/surf.js';
import { AppError } from '../common/errors/app-error.js';
import { SurfRepository } from './surf.repository.js';

/** The post rotator: the languages whose posts the surf bar offers a member (none chosen: every language). */
@Injectable()
export class RotatorService {
  constructor(private readonly repository: SurfRepository) {}

  async languages(userId: number): Promise<RotatorAnswer> {
    return { languages: LANGUAGE_NAMES, selected: await this.repository.rotatorLanguages(userId) };
  }

  async choose(userId: number, languages: string[]): Promise<RotatorAnswer> {
    const unknown = languages.filter((code) => !isLanguageCode(code));
    if (unknown.length)
      throw new AppError(ErrorCode.Validation, 'Invalid languages', `Unknown language: ${unknown.join(', ')}.`, {
        field: 'languages',
      });
    const selected = [...new Set(languages)];
    await this.repository.saveRotatorLanguages(userId, selected);
    return { languages: LANGUAGE_NAMES, selected };
  }
}
