import { loadConfig } from './app-config.js';

describe('configuration from the environment', () => {
  it('has defaults that start the app on port 3000 with the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, redisUrl: undefined, env: 'development' });
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://db/app',
      REDIS_URL: 'redis://r:6379',
      PUBLIC_URL: 'https://surfex.example',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://db/app',
      redisUrl: 'redis://r:6379',
      publicUrl: 'https://surfex.example',
    });
  });

  it('leaves the log format to the terminal unless LOG_FORMAT names one', () => {
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('keeps a pool of 20 database connections unless DATABASE_POOL_SIZE gives this process its share', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '10' }).databasePoolSize).toBe(10);
    for (const bad of ['0', '1', '2.5', 'ten'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses to run in production with the development session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-of-enough-length' }).env).toBe('production');
  });

  it('buffers tracking writes up to 50,000 rows, flushes every second and keeps 90 days unless told otherwise', () => {
    expect(loadConfig({}).tracking).toEqual({ bufferMax: 50_000, flushMs: 1000, retentionDays: 90 });
    expect(loadConfig({ TRACKING_BUFFER_MAX: '500', TRACKING_FLUSH_MS: '250', TRACKING_RETENTION_DAYS: '30' }).tracking).toEqual({
      bufferMax: 500,
      flushMs: 250,
      retentionDays: 30,
    });
    expect(() => loadConfig({ TRACKING_BUFFER_MAX: '0' })).toThrow(/TRACKING_BUFFER_MAX/);
    expect(() => loadConfig({ TRACKING_RETENTION_DAYS: '1' })).toThrow(/TRACKING_RETENTION_DAYS/);
  });

  it("pays through the local test page unless a Payroc terminal is configured, in Payroc's test environment by default", () => {
    expect(loadConfig({}).billing.payroc).toBeNull();
    expect(loadConfig({ PAYROC_TERMINAL_ID: '3204004', PAYROC_SECRET: 'a-terminal-secret-123' }).billing.payroc).toEqual({
      terminalId: '3204004',
      secret: 'a-terminal-secret-123',
      testMode: true,
      pageUrl: 'https://payments.uat.payroc.com/merchant/paymentpage',
      gatewayUrl: 'https://payments.uat.payroc.com/merchant/xmlpayment',
    });
    const live = loadConfig({ PAYROC_TERMINAL_ID: '3204004', PAYROC_SECRET: 'a-terminal-secret-123', PAYROC_TEST_MODE: 'false' });
    expect(live.billing.payroc).toMatchObject({
      testMode: false,
      pageUrl: 'https://payments.payroc.com/merchant/paymentpage',
      gatewayUrl: 'https://payments.payroc.com/merchant/xmlpayment',
    });
    expect(() => loadConfig({ PAYROC_TERMINAL_ID: '3204004' })).toThrow(/PAYROC_SECRET/);
  });

  it('offers the local test payment page outside production only, unless PAYMENT_LOCAL_ENABLED says otherwise', () => {
    expect(loadConfig({}).billing.local).toEqual({ secret: 'development-only-payment-secret' });
    expect(loadConfig({ PAYMENT_LOCAL_ENABLED: 'false' }).billing.local).toBeNull();
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-of-enough-length' };
    expect(loadConfig(production).billing.local).toBeNull();
    expect(
      loadConfig({ ...production, PAYMENT_LOCAL_ENABLED: 'true', PAYMENT_LOCAL_SECRET: 'a-staging-payment-secret' }).billing
        .local,
    ).toEqual({ secret: 'a-staging-payment-secret' });
  });

  it('refuses to start in production with the local test page enabled and its secret missing or the published default', () => {
    const enabled = { NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-of-enough-length', PAYMENT_LOCAL_ENABLED: 'true' };
    expect(() => loadConfig(enabled)).toThrow(/PAYMENT_LOCAL_SECRET/);
    expect(() => loadConfig({ ...enabled, PAYMENT_LOCAL_SECRET: 'development-only-payment-secret' })).toThrow(
      /PAYMENT_LOCAL_SECRET/,
    );
    expect(() => loadConfig({ ...enabled, PAYMENT_LOCAL_SECRET: 'short' })).toThrow(/PAYMENT_LOCAL_SECRET/);
  });

  it('lets an account without a membership level run 25 campaigns at once unless FREE_ACTIVE_CAMPAIGNS says otherwise', () => {
    expect(loadConfig({}).levels).toEqual({ freeActiveCampaigns: 25 });
    expect(loadConfig({ FREE_ACTIVE_CAMPAIGNS: '3' }).levels).toEqual({ freeActiveCampaigns: 3 });
    expect(() => loadConfig({ FREE_ACTIVE_CAMPAIGNS: '-1' })).toThrow(/FREE_ACTIVE_CAMPAIGNS/);
  });

  it("gives a referrer 10% of a referred member's purchase, held 30 days, unless the two settings say otherwise", () => {
    expect(loadConfig({}).referrals).toEqual({ commissionPercent: 10, commissionMaturingDays: 30 });
    expect(loadConfig({ REFERRAL_COMMISSION_PERCENT: '25', REFERRAL_COMMISSION_MATURING_DAYS: '0' }).referrals).toEqual({
      commissionPercent: 25,
      commissionMaturingDays: 0,
    });
    expect(() => loadConfig({ REFERRAL_COMMISSION_PERCENT: '101' })).toThrow(/REFERRAL_COMMISSION_PERCENT/);
    expect(() => loadConfig({ REFERRAL_COMMISSION_PERCENT: '-1' })).toThrow(/REFERRAL_COMMISSION_PERCENT/);
    expect(() => loadConfig({ REFERRAL_COMMISSION_PERCENT: '2.5' })).toThrow(/REFERRAL_COMMISSION_PERCENT/);
    expect(() => loadConfig({ REFERRAL_COMMISSION_MATURING_DAYS: '-1' })).toThrow(/REFERRAL_COMMISSION_MATURING_DAYS/);
  });
});
