import { SERVER_PAGE_STATE_ID, type ServerPageState } from './serverPageState.js';

/** The state a page drawn on the server carries, or null for a page the client draws itself. */
export function readServerPageState(document: Document): ServerPageState | null {
  const text = document.getElementById(SERVER_PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerPageState;
  } catch {
    return null;
  }
}
