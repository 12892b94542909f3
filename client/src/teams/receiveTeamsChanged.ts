import { reloadSession } from '../boot/sessionReload.js';
import { appStore } from '../state/store.js';
import { teamsVersionAtom } from './teamsVersionAtom.js';

/**
 * A team of the member changed (name, members, roles, credits; or they were removed): the
 * session is read again, which keeps the switcher in step and drops a team the member is no
 * longer active in, and open team screens read theirs again.
 */
export function receiveTeamsChanged(): void {
  appStore.set(teamsVersionAtom, (version) => version + 1);
  void reloadSession();
}
