// Target kinds. Each `evaluate(run)` answers rows `{ id, label, value, limit, unit, status, detail }`
// with status 'met', 'MISSED' or 'skipped'. `run` is `{ scenarios: {id → {title, server, load|error}}, clientJs }`.

const measured = (run, id) => run.scenarios[id]?.load ?? null;
const whyNot = (run, id) => (run.scenarios[id] ? `${id} failed: ${run.scenarios[id].error}` : `${id} was not run`);

/**
 * requests/s of `scenario` ≥ `min` × requests/s of `baseline`. With several rounds, the value is
 * the median of the per-round ratios (each pair measured close together in time).
 */
export function rpsRatio({ id, label, scenario, baseline, min }) {
  return {
    id,
    evaluate(run) {
      const a = measured(run, scenario);
      const b = measured(run, baseline);
      const base = { id, label, limit: min, unit: '×', comparison: '≥' };
      if (!a || !b) return [{ ...base, value: null, status: 'skipped', detail: whyNot(run, a ? baseline : scenario) }];
      const roundsA = run.scenarios[scenario].rounds ?? [a];
      const roundsB = run.scenarios[baseline].rounds ?? [b];
      let value = a.requestsPerSecond / b.requestsPerSecond;
      let detail = `${Math.round(a.requestsPerSecond)} / ${Math.round(b.requestsPerSecond)} req/s`;
      if (roundsA.length > 1 && roundsA.length === roundsB.length) {
        const ratios = roundsA.map((r, i) => r.requestsPerSecond / roundsB[i].requestsPerSecond).sort((x, y) => x - y);
        value = ratios[Math.floor((ratios.length - 1) / 2)];
        detail = `median of rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}`;
      }
      return [{ ...base, value, status: value >= min ? 'met' : 'MISSED', detail }];
    },
  };
}

/** p99 latency < `maxMs` for every measured scenario that `appliesTo` selects. */
export function p99Below({ id, maxMs, appliesTo }) {
  return {
    id,
    evaluate(run) {
      return Object.entries(run.scenarios)
        .filter(([, scenario]) => appliesTo(scenario))
        .map(([scenarioId, scenario]) => {
          const base = {
            id: `${id}:${scenarioId}`,
            label: `p99 ${scenario.title} < ${maxMs} ms`,
            limit: maxMs,
            unit: 'ms',
            comparison: '<',
          };
          if (!scenario.load) return { ...base, value: null, status: 'skipped', detail: whyNot(run, scenarioId) };
          const value = scenario.load.latencyMs.p99;
          return { ...base, value, status: value < maxMs ? 'met' : 'MISSED', detail: `p99 ${value} ms` };
        });
    },
  };
}

/** A scenario answered without socket errors, timeouts or non-2xx statuses (a broken route is not fast). */
export function noErrors({ id, appliesTo }) {
  return {
    id,
    evaluate(run) {
      return Object.entries(run.scenarios)
        .filter(([, scenario]) => appliesTo(scenario))
        .map(([scenarioId, scenario]) => {
          const base = {
            id: `${id}:${scenarioId}`,
            label: `no errors/non-2xx on ${scenario.title}`,
            limit: 0,
            unit: '',
            comparison: '=',
          };
          if (!scenario.load) return { ...base, value: null, status: 'MISSED', detail: whyNot(run, scenarioId) };
          const value = scenario.load.errors + scenario.load.timeouts + scenario.load.non2xx;
          return { ...base, value, status: value === 0 ? 'met' : 'MISSED', detail: JSON.stringify(scenario.load.statusCodes) };
        });
    },
  };
}

/** The initial JavaScript of the landing page, gzipped, ≤ `maxBytes`. */
export function initialJsGzipAtMost({ id, label, maxBytes }) {
  return {
    id,
    evaluate(run) {
      const base = { id, label, limit: maxBytes, unit: 'B', comparison: '≤' };
      if (!run.clientJs) return [{ ...base, value: null, status: 'skipped', detail: run.clientJsError ?? 'not measured' }];
      const value = run.clientJs.gzipBytes;
      return [
        {
          ...base,
          value,
          status: value <= maxBytes ? 'met' : 'MISSED',
          detail: `${(value / 1024).toFixed(1)} KB gzipped in ${run.clientJs.files.length} file(s)`,
        },
      ];
    },
  };
}
