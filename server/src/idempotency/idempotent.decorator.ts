import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';

/** Metadata key marking the handlers of calls that move credits or money. */
export const IDEMPOTENT = 'idempotent';

/**
 * On a handler (with `@Auth`) that moves credits or money: a retry with the member's
 * Idempotency-Key gets the first answer again and moves nothing (IdempotencyInterceptor). Its
 * service names its ledger moves with ledgerKeyOfRequest.
 */
export const Idempotent = () => applyDecorators(SetMetadata(IDEMPOTENT, true), UseInterceptors(IdempotencyInterceptor));
