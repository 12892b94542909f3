// Stand-in for the envelope interceptor: a pass-through interceptor (no rxjs map, no envelope),
// to price Nest's interceptor machinery against the envelope-building itself.
import { Injectable } from '@nestjs/common';

export class EnvelopeInterceptor {
  intercept(_context, next) {
    return next.handle();
  }
}
Injectable()(EnvelopeInterceptor);
