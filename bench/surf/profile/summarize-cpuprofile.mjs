// Diagnostic: summarizes a V8 .cpuprofile (e.g. from BENCH_APP_NODE_OPTIONS="--cpu-prof
// --cpu-prof-dir=/tmp/prof" node bench/surf/run.mjs): self time by package (node_modules/<name>,
// the app's own dist/ files, node internals, GC, idle) and the top functions.
//   node bench/surf/profile/summarize-cpuprofile.mjs /tmp/prof/CPU.*.cpuprofile [top]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: summarize-cpuprofile.mjs <file.cpuprofile> [top]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[i] ?? 0));
}

function packageOf(url, name) {
  if (name === '(garbage collector)') return '(gc)';
  if (name === '(idle)') return '(idle)';
  if (name === '(program)') return '(program: native, not JS)';
  if (!url) return '(native/builtin)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.startsWith('node:')) return 'node:internals';
  if (url.includes('/dist/'))
    return `app: ${url
      .slice(url.indexOf('/dist/') + 6)
      .split('/')
      .slice(0, 3)
      .join('/')}`;
  return url;
}

const packages = new Map();
const functions = new Map();
let total = 0;
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  total += micros;
  const pkg = packageOf(url, functionName);
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
}
const busy = total - (packages.get('(idle)') ?? 0);
const pct = (micros) => `${((100 * micros) / busy).toFixed(1)}%`.padStart(6);
console.log(`profile ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (shares below are of busy time)\n`);
console.log('by package:');
for (const [pkg, micros] of [...packages]
  .filter(([p]) => p !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`  ${pct(micros)}  ${pkg}`);
console.log('\ntop functions (self time):');
for (const [fn, micros] of [...functions]
  .filter(([f]) => !f.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`  ${pct(micros)}  ${fn}`);
