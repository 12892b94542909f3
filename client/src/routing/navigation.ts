/**
 * Navigation for code outside React (the API client). The router registers itself here once
 * it exists; before that, a full page load does the job.
 */
let navigateImpl: (path: string) => void = (path) => window.location.assign(path);

export function setNavigator(navigate: (path: string) => void): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
