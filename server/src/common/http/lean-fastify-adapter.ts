import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyServerOptions } from 'fastify';

/** The hook kinds the adapter's constructor adds globally; none of them is needed here. */
const HELD_BACK_HOOKS = new Set(['onRequest', 'onResponse']);

type AddHook = (name: string, hook: unknown) => unknown;
interface HookableInstance {
  addHook: AddHook;
}

/**
 * Nest's FastifyAdapter without the global hooks its constructor adds for features this app
 * does not use: adapter request/response hooks (setOnRequestHook, setOnResponseHook), 503s
 * while shutting down (return503OnClosing), CORS (enableCors), Nest's security hook
 * (useSecurityHeaders, enableCsrfProtection), Nest middleware (middie; `skipMiddie`) and custom
 * versioning. Each hook ran on every request and found its feature off: six onRequest hooks and
 * one onResponse hook, measured at ~7% of a /data call. The app has its own equivalents
 * (route-hooks.ts, security-plugins.ts).
 * Turning one of those features on fails at start-up instead of silently doing nothing.
 */
export class LeanFastifyAdapter extends FastifyAdapter {
  /** What the constructor held back (checked by a test, so a Nest upgrade that adds one is seen). */
  declare readonly heldBackHooks: string[];
  declare private restoreAddHook: (() => void) | undefined;

  constructor(options: FastifyServerOptions) {
    super({ ...options, skipMiddie: true });
    this.restoreAddHook?.();
    this.restoreAddHook = undefined;
  }

  /** Called by FastifyAdapter's constructor right after it creates the instance, before its hooks. */
  override setInstance<T>(instance: T): void {
    if (!this.heldBackHooks) {
      const hookable = instance as unknown as HookableInstance;
      const addHook = hookable.addHook;
      const heldBack: string[] = [];
      hookable.addHook = (name, hook) => {
        if (!HELD_BACK_HOOKS.has(name)) return addHook.call(hookable, name, hook);
        heldBack.push(name);
        return hookable;
      };
      Object.assign(this, { heldBackHooks: heldBack });
      this.restoreAddHook = () => (hookable.addHook = addHook);
    }
    super.setInstance(instance);
  }

  override setOnRequestHook(): void {
    unsupported('setOnRequestHook()');
  }
  override setOnResponseHook(): void {
    unsupported('setOnResponseHook()');
  }
  override enableCors(): void {
    unsupported('enableCors()');
  }
  override registerSecurityHook(): void {
    unsupported('useSecurityHeaders() / enableCsrfProtection()');
  }
  override use(): never {
    unsupported('Nest middleware (app.use, MiddlewareConsumer)');
  }
  override createMiddlewareFactory(): never {
    unsupported('Nest middleware (app.use, MiddlewareConsumer)');
  }
  override applyVersionFilter(): never {
    unsupported('versioning');
  }
  override initHttpServer(options: Parameters<FastifyAdapter['initHttpServer']>[0] = {}): void {
    if (options.return503OnClosing) unsupported('return503OnClosing');
    super.initHttpServer(options);
  }
}

function unsupported(feature: string): never {
  throw new Error(
    `LeanFastifyAdapter leaves out ${feature}: use Nest's FastifyAdapter if the app needs it (see lean-fastify-adapter.ts).`,
  );
}
