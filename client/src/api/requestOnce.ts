import { IDEMPOTENCY_HEADER } from '@shared/api/headers.js';
import { api } from './api.js';
import type { ApiRequest, ApiResult } from './apiClient.js';
import type { ActionKeys } from './idempotencyKeys.js';

/**
 * A call that moves credits or money, sent with the Idempotency-Key of the user's `action`, so
 * that a retry of the same action (after a lost answer) is answered once by the server.
 */
export async function requestOnce<T>(request: ApiRequest, keys: ActionKeys, action: string): Promise<ApiResult<T>> {
  const result = await api.request<T>({ ...request, headers: { ...request.headers, [IDEMPOTENCY_HEADER]: keys.keyFor(action) } });
  keys.settled(result);
  return result;
}
