import { Injectable, NotFoundException, type CanActivate } from '@nestjs/common';
import { PaymentProviders } from './payment-providers.js';

/**
 * The local test provider's routes (its page, its buttons, its receipt) exist only while it is
 * enabled: otherwise they answer as an address the server does not have, so a forged "approved"
 * answer has nowhere to go. Declared below `@Auth()`, so it runs before the session is read.
 */
@Injectable()
export class LocalProviderGuard implements CanActivate {
  constructor(private readonly providers: PaymentProviders) {}

  canActivate(): boolean {
    if (!this.providers.local) throw new NotFoundException();
    return true;
  }
}
