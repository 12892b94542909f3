import { Inject, Injectable } from '@nestjs/common';
import type { PaymentProviderName } from '@shared/billing/billing.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { LocalProvider } from './local.provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { PayrocProvider } from './payroc.provider.js';

/**
 * The configured providers. New orders go to Payroc when a terminal is configured, otherwise to
 * the local test page when it is enabled (never in production unless PAYMENT_LOCAL_ENABLED says
 * so), otherwise nowhere: buying is not available. Answers are verified by the provider the order
 * was made with, and only while that provider is configured.
 */
@Injectable()
export class PaymentProviders {
  readonly payroc: PayrocProvider | null;
  /** The page that approves without any payment; null when it is off. */
  readonly local: LocalProvider | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const payroc = config.billing.payroc;
    this.payroc = payroc
      ? new PayrocProvider({ ...payroc, publicUrl: () => config.publicUrl ?? `http://localhost:${config.port}` })
      : null;
    this.local = config.billing.local ? new LocalProvider(config.billing.local.secret) : null;
  }

  /** The provider new orders are paid with; null when none is configured. */
  get active(): PaymentProvider | null {
    return this.payroc ?? this.local;
  }

  byName(name: PaymentProviderName): PaymentProvider | null {
    return name === 'payroc' ? this.payroc : this.local;
  }
}
