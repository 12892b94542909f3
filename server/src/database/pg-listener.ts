import type { LoggerService } from '@nestjs/common';
import pg from 'pg';

const RECONNECT_DELAY_MS = 1000;

/**
 * LISTENs on a PostgreSQL channel and calls `onChange` with each NOTIFY's payload, reconnecting
 * after a lost connection (and calling `onChange()` without a payload then, since notifications
 * may have been missed).
 * Caches that every server process keeps (settings, announcements) reload through this.
 */
export async function listenForChanges(
  databaseUrl: string,
  channel: string,
  onChange: (payload?: string) => void,
  logger: LoggerService,
): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => onChange(message.payload));
    next.on('error', (error) => {
      logger.warn(`LISTEN ${channel} lost its connection: ${error.message}`);
      client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };

  const scheduleReconnect = (): void => {
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      connect().then(() => onChange(), scheduleReconnect);
    }, RECONNECT_DELAY_MS).unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
