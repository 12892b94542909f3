/**
 * Reloading who the member is (/data/start) for code that startApp itself depends on (the API
 * client, the socket): startApp registers itself here, so those modules need not import it.
 */
let reloadImpl: () => Promise<boolean> = () => Promise.resolve(false);

export function setSessionReload(reload: () => Promise<boolean>): void {
  reloadImpl = reload;
}

/** Answers whether the session was read (false: the server could not answer; the screen stays as it was). */
export function reloadSession(): Promise<boolean> {
  return reloadImpl();
}
