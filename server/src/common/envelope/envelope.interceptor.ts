import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { Envelope } from '@shared/api/envelope.js';
import { WebsiteSettingsService } from '../../website/website-settings.service.js';

/** Wraps every /data answer in the spec's envelope `{data, errors, maintenance}`. */
@Injectable()
export class EnvelopeInterceptor<T> implements NestInterceptor<T, Envelope<T>> {
  constructor(private readonly website: WebsiteSettingsService) {}

  intercept(_context: ExecutionContext, next: CallHandler<T>): Observable<Envelope<T>> {
    return next.handle().pipe(
      map((data) => ({ data: data ?? null, errors: [], maintenance: this.website.isInMaintenance })),
    );
  }
}
