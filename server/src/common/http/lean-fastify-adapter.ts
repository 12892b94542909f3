/*
 * Framework internals this file relies on (@nestjs/platform-fastify 12.5); lean-fastify-adapter.spec.ts
 * pins the hooks by their source, so an upgrade that changes them fails there:
 * - FastifyAdapter's constructor creates the Fastify instance, hands it to `setInstance()` and
 *   only then adds its global hooks through `this.instance.addHook()`: seven of them, six
 *   'onRequest' (adapter request hook, 503 while closing, CORS, security hook, routable request
 *   targets, version extractor errors) and one 'onResponse' (adapter response hook), each a
 *   closure over the adapter that checks whether its feature is on.
 * - The features those hooks serve are switched on only through the methods overridden below
 *   (`setOnRequestHook`, `setOnResponseHook`, `enableCors`, `registerSecurityHook`, `use`,
 *   `createMiddlewareFactory`, `applyVersionFilter`, `initHttpServer`'s `return503OnClosing`).
 * - The `skipMiddie` option stops Nest from registering middie (and its per-request hook) when
 *   the app initialises; Nest middleware then comes only through `use()` /
 *   `createMiddlewareFactory()`, refused below.
 * - Only the constructor calls `setInstance()`; the interception is set up on that first call
 *   and undone when `super()` returns. Its state lives in `declare`d fields: they get no
 *   class-field initialisers, which would run after `super()` and reset what it set.
 */
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyServerOptions } from 'fastify';

/** The hook kinds the adapter's constructor adds globally; none of them is needed here. */
const HELD_BACK_KINDS = new Set(['onRequest', 'onResponse']);

/** A hook the constructor of Nest's FastifyAdapter added, and this adapter held back. */
export interface HeldBackHook {
  kind: string;
  hook: (...args: never[]) => unknown;
}

type AddHook = (name: string, hook: HeldBackHook['hook']) => unknown;
interface HookableInstance {
  addHook: AddHook;
}

/**
 * Nest's FastifyAdapter without the global hooks its constructor adds for features this app
 * does not use: adapter request/response hooks (setOnRequestHook, setOnResponseHook), 503s
 * while shutting down (return503OnClosing), CORS (enableCors), Nest's security hook
 * (useSecurityHeaders, enableCsrfProtection), Nest middleware (middie; `skipMiddie`) and custom
 * versioning. Each hook ran on every request and found its feature off: six onRequest hooks and
 * one onResponse hook, a measurable share of every /data call (bench/README.md, "Measured
 * costs"). The app has its own equivalents
 * (route-hooks.ts, security-plugins.ts; the 503s of a shutdown: shutdown/http-drain.ts).
 * Turning one of those features on fails at start-up instead of silently doing nothing.
 */
export class LeanFastifyAdapter extends FastifyAdapter {
  /** What the constructor held back (pinned by a test, so a Nest upgrade that changes one is seen). */
  declare readonly heldBackHooks: readonly HeldBackHook[];
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
      const heldBack: HeldBackHook[] = [];
      hookable.addHook = (kind, hook) => {
        if (!HELD_BACK_KINDS.has(kind)) return addHook.call(hookable, kind, hook);
        heldBack.push({ kind, hook });
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
