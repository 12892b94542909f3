import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import type { Envelope } from '@shared/api/envelope.js';
import { WebsiteSettingsService } from '../../website/website-settings.service.js';
import { isDataPath } from '../http/protocol-hooks.js';

/** Wraps every /data answer in the spec's envelope `{data, errors, maintenance}`. */
@Injectable()
export class EnvelopeInterceptor<T> implements NestInterceptor<T, Envelope<T> | T> {
  constructor(private readonly website: WebsiteSettingsService) {}

  intercept(context: ExecutionContext, next: CallHandler<T>): Observable<Envelope<T> | T> {
    // Socket acknowledgements have their own shape (shared Ack), and routes outside /data
    // (pictures, the developers' mail page) answer as they are.
    if (context.getType() !== 'http') return next.handle();
    if (!isDataPath(context.switchToHttp().getRequest<FastifyRequest>().url)) return next.handle();
    return next.handle().pipe(
      map((data) => ({ data: data ?? null, errors: [], maintenance: this.website.isInMaintenance })),
    );
  }
}
