// The readable table and the results files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const fmtInt = (n) => (n === null || n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));
const fmtMs = (n) => (n === null || n === undefined ? '-' : n.toFixed(2));
const fmtPct = (n) => (n === null || n === undefined ? '-' : `${Math.round(n)}%`);

function table(headers, rows, alignRight) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (alignRight[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function formatValue(row) {
  if (row.value === null || row.value === undefined) return '-';
  if (row.unit === '×') return `${row.value.toFixed(2)}×`;
  if (row.unit === 'ms') return `${row.value.toFixed(2)} ms`;
  if (row.unit === 'B') return `${(row.value / 1024).toFixed(1)} KB`;
  return String(row.value);
}

function formatLimit(row) {
  if (row.unit === '×') return `${row.comparison} ${row.limit.toFixed(2)}×`;
  if (row.unit === 'ms') return `${row.comparison} ${row.limit} ms`;
  if (row.unit === 'B') return `${row.comparison} ${(row.limit / 1024).toFixed(0)} KB`;
  return `${row.comparison} ${row.limit}`;
}

export function printReport(report) {
  const { meta, scenarios, clientJs, targets } = report;
  const out = [];
  out.push('');
  out.push(`Benchmark ${meta.timestamp}  (commit ${meta.git.commit ?? '?'}${meta.git.dirty ? ', uncommitted changes' : ''})`);
  out.push(`Node ${meta.node}, ${meta.cpus} CPU(s) ${meta.cpuModel}`);
  out.push(
    `Load: autocannon, ${meta.settings.connections} connections, ${meta.settings.warmup} s warm-up then ${meta.settings.duration} s measured per scenario${meta.settings.rounds > 1 ? `, ${meta.settings.rounds} interleaved rounds (median round shown)` : ''}; app LOG_LEVEL=${meta.settings.appLogLevel}, NODE_ENV=production`,
  );
  out.push(
    meta.pinning.enabled
      ? `CPU pinning: servers on core ${meta.pinning.server} (taskset -c ${meta.pinning.server}), load generator on core ${meta.pinning.loader} (taskset -c ${meta.pinning.loader}); PostgreSQL not pinned`
      : `CPU pinning: none (${meta.pinning.reason}); server and load generator share the cores, figures are less comparable`,
  );
  out.push(`Database: ${meta.database ?? 'not needed'}`);
  out.push('');

  const rows = Object.entries(scenarios).map(([, s]) =>
    s.load
      ? [
          s.title,
          fmtInt(s.load.requestsPerSecond),
          fmtMs(s.load.latencyMs.p50),
          fmtMs(s.load.latencyMs.p99),
          fmtMs(s.load.latencyMs.max),
          fmtInt(s.load.errors + s.load.timeouts),
          fmtInt(s.load.non2xx),
          fmtInt(s.load.bytesPerResponse),
          fmtPct(s.load.serverCpuPercent),
          fmtPct(s.load.loaderCpuPercent),
          fmtPct(s.load.dbCpuPercent),
          fmtPct(s.load.otherCpuPercent),
        ]
      : [s.title, 'FAILED', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-'],
  );
  out.push(
    table(
      [
        'scenario',
        'req/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'errors',
        'non-2xx',
        'B/answer',
        'server CPU',
        'loader CPU',
        'db CPU',
        'other CPU',
      ],
      rows,
      [false, true, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  for (const [id, s] of Object.entries(scenarios)) {
    if (s.error) out.push(`  ${id}: ${s.error}`);
    if (s.rounds?.length > 1)
      out.push(
        `  ${s.title}: req/s by round ${s.rounds.map((r) => fmtInt(r.requestsPerSecond)).join(', ')}; p99 ms ${s.rounds.map((r) => fmtMs(r.latencyMs.p99)).join(', ')}`,
      );
    if (s.load && s.load.loaderCpuPercent >= 90 && (s.load.serverCpuPercent ?? 0) < 90)
      out.push(
        `  note: ${s.title}: the load generator was near 100% CPU while the server was not; the server may be under-measured`,
      );
    if (s.load && (s.load.otherCpuPercent ?? 0) >= 15)
      out.push(
        `  WARNING: ${s.title}: other processes used ${Math.round(s.load.otherCpuPercent)}% of a core meanwhile; this figure is not reliable, run again on a quiet machine`,
      );
  }
  out.push(
    '  (B/answer: bytes of headers and body per answer. CPU: 100% = one core; server = the server process, loader = autocannon, db = PostgreSQL, other = every other process on the machine)',
  );
  out.push('');

  if (clientJs) {
    out.push(
      `Initial JS of the landing page (entry + modulepreload, gzip -9): ${(clientJs.gzipBytes / 1024).toFixed(1)} KB gzipped, ${(clientJs.bytes / 1024).toFixed(1)} KB raw`,
    );
    for (const file of clientJs.files)
      out.push(
        `  ${file.kind.padEnd(13)} ${file.src}  ${file.external ? 'external, not counted' : `${(file.gzipBytes / 1024).toFixed(1)} KB gz / ${(file.bytes / 1024).toFixed(1)} KB`}`,
      );
    out.push('');
  }

  out.push('Targets');
  out.push(
    table(
      ['', 'target', 'value', 'limit', 'detail'],
      targets.map((t) => [
        t.status === 'met' ? 'met' : t.status === 'MISSED' ? 'MISSED' : 'skipped',
        t.label,
        formatValue(t),
        formatLimit(t),
        t.detail ?? '',
      ]),
      [false, false, true, false, false],
    ),
  );
  const missed = targets.filter((t) => t.status === 'MISSED');
  out.push('');
  out.push(
    missed.length === 0 ? 'All targets met.' : `MISSED ${missed.length} target(s): ${missed.map((t) => t.label).join('; ')}`,
  );
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
}

export function writeResults(report, dir) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${report.meta.timestamp.replace(/[:.]/g, '-')}.json`);
  const text = JSON.stringify(report, null, 2) + '\n';
  writeFileSync(file, text);
  writeFileSync(join(dir, 'latest.json'), text);
  return file;
}
