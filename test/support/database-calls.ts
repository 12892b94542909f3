import { XHR_HEADER, XHR_HEADER_VALUE, SOCKET_ID_HEADER } from '../../shared/api/headers.js';
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
