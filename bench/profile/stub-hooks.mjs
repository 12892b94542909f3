// Module resolution hooks for register.mjs. Each stub replaces a package (by specifier) or an
// app module (by the end of its resolved path); the stub itself still gets the original.
const STUBS = {
  'no-helmet': { specifier: '@fastify/helmet', file: 'noop-plugin.mjs' },
  'no-compress': { specifier: '@fastify/compress', file: 'noop-plugin.mjs' },
  'no-cookie': { specifier: '@fastify/cookie', file: 'cookie-noop.mjs' },
  'no-multipart': { specifier: '@fastify/multipart', file: 'noop-plugin.mjs' },
  'no-rate-limit': { specifier: '@fastify/rate-limit', file: 'noop-plugin.mjs' },
};

let active = [];
const stubDir = new URL('./stubs/', import.meta.url).href;

export async function initialize({ stubs }) {
  for (const name of stubs) if (!STUBS[name]) throw new Error(`unknown stub "${name}"; known: ${Object.keys(STUBS).join(', ')}`);
  active = stubs.map((name) => STUBS[name]);
}

export async function resolve(specifier, context, nextResolve) {
  const fromStub = context.parentURL?.startsWith(stubDir);
  if (!fromStub) {
    const bySpecifier = active.find((stub) => stub.specifier === specifier);
    if (bySpecifier) return { url: new URL(bySpecifier.file, stubDir).href, shortCircuit: true };
  }
  const resolved = await nextResolve(specifier, context);
  if (!fromStub) {
    const bySuffix = active.find((stub) => stub.suffix && resolved.url.endsWith(stub.suffix));
    if (bySuffix) return { url: new URL(bySuffix.file, stubDir).href, shortCircuit: true };
  }
  return resolved;
}
