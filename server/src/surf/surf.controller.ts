import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import { isLanguageCode, LANGUAGE_NAMES } from '@shared/constants/languages.js';
import { rotatorSchema, type RotatorAnswer, type RotatorPayload, type SurfNextAnswer } from '@shared/surf/surf.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { AppError } from '../common/errors/app-error.js';
import { Ctx, type RequestContext } from '../common/http/request-context.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { SurfService } from './surf.service.js';

@Controller('surf')
@Auth()
export class SurfController {
  constructor(
    private readonly surf: SurfService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The next post, with a ticket bound to the tab named by the X-Socket-Id header. */
  @Post('next')
  @HttpCode(200)
  next(@CurrentAuth() auth: AuthContext, @Ctx() context: RequestContext): Promise<SurfNextAnswer> {
    return this.surf.next(auth, context.socketId);
  }

  @Get('rotator')
  async rotator(@CurrentAuth() auth: AuthContext): Promise<RotatorAnswer> {
    const [row] = await this.dataSource.query(`SELECT rotator_languages FROM users WHERE id = $1`, [auth.user.id]);
    return { languages: LANGUAGE_NAMES, selected: row.rotator_languages };
  }

  @Put('rotator')
  async saveRotator(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(rotatorSchema)) { languages }: RotatorPayload,
  ): Promise<RotatorAnswer> {
    const unknown = languages.filter((code) => !isLanguageCode(code));
    if (unknown.length)
      throw new AppError(ErrorCode.Validation, 'Invalid languages', `Unknown language: ${unknown.join(', ')}.`, {
        field: 'languages',
      });
    const selected = [...new Set(languages)];
    await this.dataSource.query(`UPDATE users SET rotator_languages = $2 WHERE id = $1`, [auth.user.id, selected]);
    return { languages: LANGUAGE_NAMES, selected };
  }
}
