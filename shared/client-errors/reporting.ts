import { isStagingHost, isTestHost } from '../hosts/hosts.js';

/** Error reporting runs on the production host only; staging and test hosts are denied. */
export function errorReportingAllowed(hostname: string): boolean {
  return !isStagingHost(hostname) && !isTestHost(hostname);
}

export const GENERIC_ERROR_TEXT = "Error. Sorry, you've found an error and we'll work on getting it fixed.";
