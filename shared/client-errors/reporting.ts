/** Error reporting runs on the production host only; staging and test hosts are denied. */
export const ERROR_REPORTING_DENIED_HOSTS: readonly RegExp[] = [/^staging\./i, /^test\./i, /\.staging\./i, /\.test$/i];

export function errorReportingAllowed(hostname: string): boolean {
  return !ERROR_REPORTING_DENIED_HOSTS.some((pattern) => pattern.test(hostname));
}

export const GENERIC_ERROR_TEXT = "Error. Sorry, you've found an error and we'll work on getting it fixed.";
