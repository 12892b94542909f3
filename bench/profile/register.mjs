// `node --import ./bench/profile/register.mjs dist/server/src/main.js` with BENCH_STUBS=a,b:
// runs the real, unchanged app with some modules swapped for the stand-ins in ./stubs, so a
// profiling run can tell what each plugin or hook costs. Diagnostic only; never used by
// `npm run bench` itself.
import { register } from 'node:module';

register('./stub-hooks.mjs', import.meta.url, { data: { stubs: (process.env.BENCH_STUBS ?? '').split(',').filter(Boolean) } });
