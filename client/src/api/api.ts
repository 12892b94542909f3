import { currentTeamIdAtom } from '../sessions/currentTeamIdAtom.js';
import { currentConnectionId } from '../realtime/connectionId.js';
import { appStore } from '../state/store.js';
import { navigateTo } from '../routing/navigation.js';
import { dropStaleTeam } from '../teams/switchTeam.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { createApiClient } from './apiClient.js';
import { reconnectingAtom } from './reconnectingAtom.js';
import { currentDataDomain } from './dataDomain.js';

/** The app's API client, wired to the browser, the router and the store. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  dataDomain: currentDataDomain(),
  location: () => window.location,
  navigate: navigateTo,
  notify: (notice) => appStore.set(pushToastAtom, notice),
  currentTeamId: () => appStore.get(currentTeamIdAtom),
  teamRefused: dropStaleTeam,
  socketId: currentConnectionId,
  setReconnecting: (reconnecting) => appStore.set(reconnectingAtom, reconnecting),
  wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
});
