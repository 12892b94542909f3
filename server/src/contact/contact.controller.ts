import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { contactMessageSchema, type ContactMessagePayload } from '@shared/contact/contact.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ContactService } from './contact.service.js';

/** /contact's form: visitors and members write to the admins (CONTACT_ENDPOINTS.send). */
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(200)
  @Auth('optional')
  @RouteConfig(rateLimit('contact'))
  send(
    @CurrentAuth() auth: AuthContext | null,
    @Body(new ZodValidationPipe(contactMessageSchema)) payload: ContactMessagePayload,
    @Req() request: FastifyRequest,
  ): Promise<null> {
    return this.contact.send(payload, auth?.user.id ?? null, request.ip);
  }
}
