/**
 * This tab's Socket.IO connection id, sent as the X-Socket-Id header so the server can leave
 * this tab out of echoes and bind work to it. Kept apart from the socket module, which loads lazily.
 */
let connectionId: string | null = null;

export function setConnectionId(id: string | null): void {
  connectionId = id;
}

export function currentConnectionId(): string | null {
  return connectionId;
}
