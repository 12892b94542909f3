import { loadConfig } from '../config/app-config.js';
import { PaymentProviders } from './payment-providers.js';

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-of-enough-length' };

describe('payment providers chosen by configuration', () => {
  it('new orders go to the local test page when no Payroc terminal is configured', () => {
    const providers = new PaymentProviders(loadConfig({}));
    expect(providers.active?.name).toBe('local');
    expect(providers.byName('payroc')).toBeNull();
  });

  it('new orders go to Payroc when a terminal is configured; answers of local orders are still checked locally', () => {
    const providers = new PaymentProviders(loadConfig({ PAYROC_TERMINAL_ID: '3204004', PAYROC_SECRET: 'a-terminal-secret-123' }));
    expect(providers.active?.name).toBe('payroc');
    expect(providers.byName('local')?.name).toBe('local');
  });

  it('has no provider at all in production without a Payroc terminal: nothing approves without paying', () => {
    const providers = new PaymentProviders(loadConfig(PRODUCTION));
    expect(providers.active).toBeNull();
    expect(providers.local).toBeNull();
    expect(providers.byName('local')).toBeNull();
  });

  it('offers the local page in production only when it is enabled with a secret of its own', () => {
    const config = loadConfig({ ...PRODUCTION, PAYMENT_LOCAL_ENABLED: 'true', PAYMENT_LOCAL_SECRET: 'a-staging-payment-secret' });
    expect(new PaymentProviders(config).active?.name).toBe('local');
  });
});
