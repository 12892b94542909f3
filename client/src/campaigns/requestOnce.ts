import { createApiClient, type ApiRequest, type ApiResult } from '../api/apiClient.js';
import { navigateTo } from '../routing/navigation.js';
import { currentConnectionId } from '../realtime/connectionId.js';
import { currentTeamIdAtom } from '../session/currentTeamIdAtom.js';
import { appStore } from '../state/store.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { IDEMPOTENCY_HEADER } from './idempotencyKeys.js';

/**
 * A call that moves credits, sent with an Idempotency-Key header so that a retry of the same
 * user action applies once. The app's client has no way to add a header, so this one is the
 * same client with the header added to its fetch.
 */
export function requestOnce<T>(request: ApiRequest, key: string): Promise<ApiResult<T>> {
  const client = createApiClient({
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set(IDEMPOTENCY_HEADER, key);
      return window.fetch(input, { ...init, headers });
    },
    dataDomain: import.meta.env.VITE_DATA_DOMAIN ?? '',
    location: () => window.location,
    navigate: navigateTo,
    notify: (notice) => appStore.set(pushToastAtom, notice),
    currentTeamId: () => appStore.get(currentTeamIdAtom),
    socketId: currentConnectionId,
  });
  return client.request<T>(request);
}
