import type { Envelope } from '../../shared/api/envelope.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { XHR_HEADER, XHR_HEADER_VALUE, SOCKET_ID_HEADER } from '../../shared/api/headers.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../server/src/common/errors/database-unavailable.js';
import { SURF_ENDPOINTS } from '../../shared/surf/surf.js';
import type { TestMember } from './accounts.js';
import type { TestSocket } from './socket-client.js';

export interface DatabaseCall {
  name: string;
  send: () => Promise<Response>;
}

/**
 * Calls that each need the database, for the tests that take it away: a surf ticket for the
 * member's live tab, the member's ledger and posts, and a visitor's login as that member.
 */
export function databaseCalls(baseUrl: string, member: TestMember, tab: TestSocket): DatabaseCall[] {
  const memberHeaders = { accept: 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE, cookie: `sid=${member.browser.sid}` };
  return [
    {
      name: `POST ${SURF_ENDPOINTS.next} (member with a live tab)`,
      send: () =>
        fetch(`${baseUrl}${SURF_ENDPOINTS.next}`, { method: 'POST', headers: { ...memberHeaders, [SOCKET_ID_HEADER]: tab.id } }),
    },
    {
      name: 'GET /data/credits/ledger (member)',
      send: () => fetch(`${baseUrl}/data/credits/ledger`, { headers: memberHeaders }),
    },
    { name: 'GET /data/posts (member)', send: () => fetch(`${baseUrl}/data/posts`, { headers: memberHeaders }) },
    {
      name: 'POST /data/auth/login (visitor)',
      send: () =>
        fetch(`${baseUrl}/data/auth/login`, {
          method: 'POST',
          headers: { accept: 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE, 'content-type': 'application/json' },
          body: JSON.stringify({ login: member.username, password: member.password }),
        }),
    },
  ];
}

/**
 * Sends the call and expects what a call that needs the database answers without it: 503
 * `unavailable` with Retry-After, and nothing of the driver's own error (`leaks`) in the answer.
 */
export async function expectDatabaseUnavailable({ name, send }: DatabaseCall, leaks: RegExp): Promise<void> {
  const response = await send();
  const body = (await response.json()) as Envelope<unknown>;
  expect({ name, status: response.status, retryAfter: response.headers.get('retry-after'), body }).toEqual({
    name,
    status: 503,
    retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
    body: {
      data: null,
      errors: [
        {
          code: ErrorCode.Unavailable,
          heading: expect.any(String),
          message: expect.any(String),
          retryAfter: DATABASE_RETRY_AFTER_SECONDS,
        },
      ],
      maintenance: false,
    },
  });
  expect(JSON.stringify(body)).not.toMatch(leaks);
}
