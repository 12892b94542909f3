import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's headers for the client's pages, with a CSP the app itself passes. `formTargets` are
 * the outside pages the app's forms may submit to (the payment provider's hosted page, which
 * the billing page POSTs its checkout form to); only their origins are allowed, nothing else.
 */
export function pageHelmetOptions(formTargets: readonly string[] = []): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...formActionOrigins(formTargets)],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Avatars may come from other hosts (a URL starting with http is used as is).
    crossOriginEmbedderPolicy: false,
  };
}

/** The https origins of the given addresses, once each; anything else is left out. */
export function formActionOrigins(targets: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const target of targets) {
    try {
      const url = new URL(target);
      if (url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Not an absolute address: nothing to allow beyond 'self'.
    }
  }
  return [...origins];
}
