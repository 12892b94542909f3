/**
 * Reloading who the member is (/data/start) for code that startApp itself depends on (the API
 * client, the socket): startApp registers itself here, so those modules need not import it.
 */
let reloadImpl: () => Promise<void> = () => Promise.resolve();

export function setSessionReload(reload: () => Promise<void>): void {
  reloadImpl = reload;
}

export function reloadSession(): Promise<void> {
  return reloadImpl();
}
