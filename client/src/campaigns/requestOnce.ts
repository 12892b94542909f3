import { api } from '../api/api.js';
import type { ApiRequest, ApiResult } from '../api/apiClient.js';
import { IDEMPOTENCY_HEADER } from './idempotencyKeys.js';

/**
 * A call that moves credits, sent with an Idempotency-Key header so that a retry of the same
 * user action applies once.
 */
export function requestOnce<T>(request: ApiRequest, key: string): Promise<ApiResult<T>> {
  return api.request<T>({ ...request, headers: { ...request.headers, [IDEMPOTENCY_HEADER]: key } });
}
