// Loaded into a measured server with `node --expose-gc --import <this file>` (BENCH_GC=1): on
// SIGUSR2 it runs two full garbage collections, so an RSS reading right after shows memory the
// process holds rather than garbage it has not collected yet. It changes nothing else.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
});
