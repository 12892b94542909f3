import { Inject, Injectable } from '@nestjs/common';
import type { PaymentProviderName } from '@shared/billing/billing.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { LocalProvider } from './local.provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { PayrocProvider } from './payroc.provider.js';

/**
 * The configured providers. New orders go to Payroc when a terminal is configured, otherwise to
 * the local test page; answers are verified by the provider the order was made with.
 */
@Injectable()
export class PaymentProviders {
  readonly payroc: PayrocProvider | null;
  readonly local: LocalProvider;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const payroc = config.billing.payroc;
    this.payroc = payroc
      ? new PayrocProvider({ ...payroc, publicUrl: () => config.publicUrl ?? `http://localhost:${config.port}` })
      : null;
    this.local = new LocalProvider(config.billing.localSecret);
  }

  /** The provider new orders are paid with. */
  get active(): PaymentProvider {
    return this.payroc ?? this.local;
  }

  /** The local page approves without any payment: never in production. */
  get localPageAllowed(): boolean {
    return this.config.env !== 'production';
  }

  byName(name: PaymentProviderName): PaymentProvider | null {
    return name === 'payroc' ? this.payroc : this.local;
  }
}
