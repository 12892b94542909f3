import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { isLanguageCode, LANGUAGE_NAMES } from '@shared/constants/languages.js';
import type { RotatorAnswer } from '@shared/surf/surf.js';
import { AppError } from '../common/errors/app-error.js';
import { TagsRepository } from '../tags/tags.repository.js';
import { SurfRepository, type RotatorSettings } from './surf.repository.js';

/**
 * The post rotator: the languages whose posts the surf bar offers a member (none chosen: every
 * language), and surf my tags (only posts carrying a tag they follow; surf_offer applies both).
 */
@Injectable()
export class RotatorService {
  constructor(
    private readonly repository: SurfRepository,
    private readonly tags: TagsRepository,
  ) {}

  async languages(userId: number): Promise<RotatorAnswer> {
    return this.answer(userId, await this.repository.rotatorSettings(userId));
  }

  /** `myTags` undefined: unchanged. */
  async choose(userId: number, languages: string[], myTags: boolean | undefined): Promise<RotatorAnswer> {
    const unknown = languages.filter((code) => !isLanguageCode(code));
    if (unknown.length)
      throw new AppError(ErrorCode.Validation, 'Invalid languages', `Unknown language: ${unknown.join(', ')}.`, {
        field: 'languages',
      });
    const saved = await this.repository.saveRotatorSettings(userId, [...new Set(languages)], myTags);
    return this.answer(userId, saved);
  }

  private async answer(userId: number, settings: RotatorSettings): Promise<RotatorAnswer> {
    return {
      languages: LANGUAGE_NAMES,
      selected: settings.languages,
      myTags: settings.myTags,
      followedTags: await this.tags.followedBy(userId),
    };
  }
}
