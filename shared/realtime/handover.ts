import { z } from 'zod';
import { text } from '../validation/text.js';

/**
 * How long after a restart notice a tab may still claim, on its new connection, the surf ticket
 * its ended connection held: as long as Socket.IO keeps a dropped connection's state.
 */
export const HANDOVER_WINDOW_MS = 2 * 60_000;

/**
 * Sent with `server:restarting` to a member's tab: the server's word (signed with its secret)
 * that `connection` belonged to this tab's session and is being ended by a restart. With it, the
 * tab's next connection of the same session may claim the ticket that connection held, until
 * `expiresAt` (server time, ms) and only once that connection has ended.
 */
export const connectionHandoverSchema = z.object({
  connection: text().min(1).max(100),
  expiresAt: z.number().int().min(0),
  proof: text().min(1).max(100),
});
export type ConnectionHandover = z.infer<typeof connectionHandoverSchema>;
