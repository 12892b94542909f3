/**
 * The value of one series in Prometheus's text format, found by its exact name and labels in
 * the order the exposition writes them, e.g. `surfex_surf_claims_total{outcome="credited"}`;
 * undefined when the scrape does not hold it.
 */
export function seriesValue(exposition: string, series: string): number | undefined {
  for (const line of exposition.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}

/** The request count of one route pattern, method and status (the latency histogram's `_count`). */
export function requestCount(exposition: string, method: string, route: string, status: number): number {
  return (
    seriesValue(
      exposition,
      `surfex_http_request_duration_seconds_count{method="${method}",route="${route}",status_code="${status}"}`,
    ) ?? 0
  );
}
