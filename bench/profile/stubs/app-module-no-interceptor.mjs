// Stand-in for the app's root module: the same module without some global providers, to price
// what Nest runs on every request. BENCH_STUBS 'no-interceptor' drops the envelope interceptor
// (APP_INTERCEPTOR): pair it with a stub that builds the envelope in a Fastify preSerialization
// hook (protocol-hooks-envelope, or protocol-hooks-sync with BENCH_ENVELOPE_HOOK=1), or /data
// answers lose their envelope. 'no-auth-guard' drops the global guard (APP_GUARD), as if it were
// attached only to the routes that declare @Auth() (/data/health does not).
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AppModule as OriginalAppModule } from '../../../dist/server/src/app.module.js';

const stubs = (process.env.BENCH_STUBS ?? '').split(',');
const dropped = [
  ...(stubs.includes('no-interceptor') ? [APP_INTERCEPTOR] : []),
  ...(stubs.includes('no-auth-guard') ? [APP_GUARD] : []),
];

export class AppModule {
  static forRoot(config) {
    const module = OriginalAppModule.forRoot(config);
    return { ...module, providers: module.providers.filter((provider) => !dropped.includes(provider.provide)) };
  }
}
