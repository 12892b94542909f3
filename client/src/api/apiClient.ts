import type { ApiError, Envelope } from '@shared/api/envelope.js';
import { CURRENT_TEAM_HEADER, NO_LOGIN_PARAM, SOCKET_ID_HEADER, XHR_HEADER, XHR_HEADER_VALUE } from '@shared/api/headers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { loginRedirectPath } from '@shared/api/paths.js';
import { enterMaintenance } from '../website/maintenance.js';
import { hasErrorCode } from './errorCodes.js';
import { retryDelay } from './retryPolicy.js';

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
 * What a call resolves to. `data` is null for every failure (an empty result);
 * `errors` lets a form show a refusal next to its fields without a notification.
 */
export interface ApiResult<T> {
  data: T | null;
  errors: ApiError[];
  status: number;
  /** The envelope's maintenance flag, on a successful answer that carried an envelope. */
  maintenance?: boolean;
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
  /** The server refused the call because the member is not active in the team it named (`team_forbidden`). */
  teamRefused(teamId: number): void;
  socketId(): string | null;
  /** True while some call waits to retry an unavailable or unreachable server, false once none does. */
  setReconnecting(reconnecting: boolean): void;
  /** Resolves after `ms` (tests pass one that does not really wait). */
  wait(ms: number): Promise<void>;
}

export const BOTH_BODIES_ERROR = 'Can not have both json and formdata in a request';

/** A response, or none at all (status 0: the network failed). */
interface Attempt<T> {
  status: number;
  envelope: Envelope<T> | null;
}

/**
 * The /data protocol client. A 503 (the server cannot reach its database) is retried with
 * growing waits (retryPolicy.ts), and so is a GET that got no answer at all; meanwhile
 * `setReconnecting(true)` lets the shell say so. Past the retry budget the call answers the
 * last failure.
 */
export function createApiClient(env: ApiClientEnvironment) {
  let reconnectingCalls = 0;
  function countReconnecting(change: 1 | -1): void {
    const before = reconnectingCalls > 0;
    reconnectingCalls += change;
    if (reconnectingCalls > 0 !== before) env.setReconnecting(reconnectingCalls > 0);
  }

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
    const url = env.dataDomain + withNoLogin(path, location.search);
    const init: RequestInit = { method, headers, body, credentials: 'include' };

    let waitedMs = 0;
    let attempt: Attempt<T>;
    for (let retries = 0; ; retries++) {
      attempt = await send<T>(url, init);
      const retryable = attempt.status === 503 || (attempt.status === 0 && method === 'GET');
      const delay = retryable ? retryDelay(retries, waitedMs, retryAfterOf(attempt.envelope)) : null;
      if (delay === null) {
        if (retries > 0) countReconnecting(-1);
        break;
      }
      if (retries === 0) countReconnecting(1);
      await env.wait(delay);
      waitedMs += delay;
    }
    const { status, envelope } = attempt;
    if (status === 0) return { data: null, errors: [], status: 0 };

    if (envelope?.maintenance) enterMaintenance(location, env.navigate);

    if (status === 401) {
      env.navigate(loginRedirectPath(location.pathname, location.search));
      return { data: null, errors: envelope?.errors ?? [], status: 401 };
    }
    if (status === 406) {
      env.navigate('/logout');
      return { data: null, errors: envelope?.errors ?? [], status: 406 };
    }
    if (teamId !== null && hasErrorCode(envelope?.errors, ErrorCode.TeamForbidden)) env.teamRefused(teamId);
    if (status < 200 || status >= 300) return { data: null, errors: envelope?.errors ?? [], status };

    const errors = envelope?.errors ?? [];
    for (const error of errors) {
      env.notify({ header: error.heading || 'Error', body: error.message, link: error.link });
    }
    return { data: envelope?.data ?? null, errors, status, ...(envelope ? { maintenance: envelope.maintenance } : {}) };
  }

  async function send<T>(url: string, init: RequestInit): Promise<Attempt<T>> {
    let response: Response;
    try {
      response = await env.fetch(url, init);
    } catch {
      return { status: 0, envelope: null };
    }
    return { status: response.status, envelope: await readEnvelope<T>(response) };
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

/** The page's noLogin=1 flag travels onto every call. */
function withNoLogin(path: string, pageSearch: string): string {
  if (new URLSearchParams(pageSearch).get(NO_LOGIN_PARAM) !== '1') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${NO_LOGIN_PARAM}=1`;
}

/** The wait the server asked for, when it said (an `unavailable` or `rate_limited` error). */
function retryAfterOf(envelope: Envelope<unknown> | null): number | undefined {
  return envelope?.errors.find((error) => typeof error.retryAfter === 'number')?.retryAfter;
}

/** An unparsable body counts as empty data. */
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
