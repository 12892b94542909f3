/** Which kind of deployment a page's host name is: staging and test hosts are told apart by name. */
const STAGING_HOST_PATTERNS: readonly RegExp[] = [/^staging\./i, /\.staging\./i];
const TEST_HOST_PATTERNS: readonly RegExp[] = [/^test\./i, /\.test$/i];

export function isStagingHost(hostname: string): boolean {
  return STAGING_HOST_PATTERNS.some((pattern) => pattern.test(hostname));
}

export function isTestHost(hostname: string): boolean {
  return TEST_HOST_PATTERNS.some((pattern) => pattern.test(hostname));
}

/**
 * Where the client sends its /data calls: the dev data domain on a test host (when one is set),
 * otherwise the data domain; an empty string means the page's own origin.
 */
export function dataDomainFor(hostname: string, domains: { dataDomain?: string; devDataDomain?: string }): string {
  if (isTestHost(hostname) && domains.devDataDomain) return domains.devDataDomain;
  return domains.dataDomain ?? '';
}
