import type { ApiError, Envelope } from '@shared/api/envelope.js';
import { CURRENT_TEAM_HEADER, NO_LOGIN_PARAM, SOCKET_ID_HEADER, XHR_HEADER, XHR_HEADER_VALUE } from '@shared/api/headers.js';
import { loginRedirectPath } from '@shared/api/paths.js';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  method?: ApiMethod;
  /** Path under the data domain, e.g. `/data/start`. */
  path: string;
  json?: unknown;
  formData?: FormData;
  /** Extra headers for this call, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

/**
 * What a call resolves to. `data` is null for every failure (spec 8: an empty result);
 * `errors` lets a form show a refusal next to its fields without a notification.
 */
export interface ApiResult<T> {
  data: T | null;
  errors: ApiError[];
  status: number;
}

export interface Notice {
  header: string;
  body: string;
  link?: string;
}

/** Everything the client touches outside itself, so it runs the same in the browser and in tests. */
export interface ApiClientEnvironment {
  fetch: typeof fetch;
  dataDomain: string;
  location(): { pathname: string; search: string };
  navigate(path: string): void;
  notify(notice: Notice): void;
  currentTeamId(): number | null;
  socketId(): string | null;
}

export const BOTH_BODIES_ERROR = 'Can not have both json and formdata in a request';

/** The /data protocol client of spec 7 and 8. */
export function createApiClient(env: ApiClientEnvironment) {
  async function request<T>({ method = 'GET', path, json, formData, headers: extraHeaders }: ApiRequest): Promise<ApiResult<T>> {
    if (json !== undefined && formData !== undefined) throw new Error(BOTH_BODIES_ERROR);
    const location = env.location();

    const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE };
    const teamId = env.currentTeamId();
    if (teamId !== null) headers[CURRENT_TEAM_HEADER] = String(teamId);
    const socketId = env.socketId();
    if (socketId) headers[SOCKET_ID_HEADER] = socketId;
    let body: BodyInit | undefined;
    if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (formData !== undefined) {
      body = formData;
    }

    let response: Response;
    try {
      response = await env.fetch(env.dataDomain + withNoLogin(path, location.search), {
        method,
        headers,
        body,
        credentials: 'include',
      });
    } catch {
      return { data: null, errors: [], status: 0 };
    }

    const envelope = await readEnvelope<T>(response);
    if (envelope?.maintenance && location.pathname !== '/maintenance') env.navigate('/maintenance');

    if (response.status === 401) {
      env.navigate(loginRedirectPath(location.pathname, location.search));
      return { data: null, errors: envelope?.errors ?? [], status: 401 };
    }
    if (response.status === 406) {
      env.navigate('/logout');
      return { data: null, errors: envelope?.errors ?? [], status: 406 };
    }
    if (!response.ok) return { data: null, errors: envelope?.errors ?? [], status: response.status };

    const errors = envelope?.errors ?? [];
    for (const error of errors) {
      env.notify({ header: error.heading || 'Error', body: error.message, link: error.link });
    }
    return { data: envelope?.data ?? null, errors, status: response.status };
  }

  return {
    request,
    get: <T>(path: string) => request<T>({ path }).then((result) => result.data),
    post: <T>(path: string, json?: unknown) => request<T>({ method: 'POST', path, json }),
    put: <T>(path: string, json?: unknown) => request<T>({ method: 'PUT', path, json }),
    delete: <T>(path: string, json?: unknown) => request<T>({ method: 'DELETE', path, json }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The page's noLogin=1 flag travels onto every call (spec 2, 7). */
function withNoLogin(path: string, pageSearch: string): string {
  if (new URLSearchParams(pageSearch).get(NO_LOGIN_PARAM) !== '1') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${NO_LOGIN_PARAM}=1`;
}

/** An unparsable body counts as empty data (spec 8). */
async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const parsed = (await response.json()) as Partial<Envelope<T>> | null;
    if (!parsed || typeof parsed !== 'object') return null;
    return {
      data: parsed.data ?? null,
      errors: Array.isArray(parsed.errors) ? parsed.errors : [],
      maintenance: parsed.maintenance === true,
    };
  } catch {
    return null;
  }
}
