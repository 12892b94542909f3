import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import {
  contactInboxQuerySchema,
  contactReplySchema,
  type ContactInboxQuery,
  type ContactMessageDetail,
  type ContactMessageSummary,
  type ContactReplyPayload,
} from '@shared/contact/contact.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ContactService } from './contact.service.js';

/** The admin inbox of contact messages (CONTACT_ENDPOINTS); every call `@Auth('admin')`. */
@Controller('admin/contact')
@Auth('admin')
export class ContactAdminController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  inbox(@Query(new ZodValidationPipe(contactInboxQuerySchema)) query: ContactInboxQuery): Promise<Paged<ContactMessageSummary>> {
    return this.contact.inbox(query);
  }

  @Get(':id')
  message(@Param('id', IdPipe) id: number): Promise<ContactMessageDetail> {
    return this.contact.message(id);
  }

  @Post(':id/read')
  @HttpCode(200)
  markRead(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number): Promise<ContactMessageSummary> {
    return this.contact.markRead(auth.user.id, id);
  }

  @Post(':id/reply')
  @HttpCode(200)
  reply(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(contactReplySchema)) payload: ContactReplyPayload,
  ): Promise<ContactMessageDetail> {
    return this.contact.reply(auth.user.id, id, payload.text);
  }
}
