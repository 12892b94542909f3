import { loadConfig } from '../config/app-config.js';
import { PaymentProviders } from './payment-providers.js';

describe('payment providers chosen by configuration', () => {
  it('new orders go to the local test page when no Payroc terminal is configured', () => {
    const providers = new PaymentProviders(loadConfig({}));
    expect(providers.active.name).toBe('local');
    expect(providers.byName('payroc')).toBeNull();
    expect(providers.localPageAllowed).toBe(true);
  });

  it('new orders go to Payroc when a terminal is configured; answers of local orders are still checked locally', () => {
    const providers = new PaymentProviders(loadConfig({ PAYROC_TERMINAL_ID: '3204004', PAYROC_SECRET: 'a-terminal-secret-123' }));
    expect(providers.active.name).toBe('payroc');
    expect(providers.byName('local')?.name).toBe('local');
  });

  it('never offers the local approve-without-paying page in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-of-enough-length' });
    expect(new PaymentProviders(config).localPageAllowed).toBe(false);
  });
});
