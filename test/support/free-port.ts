import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports below the kernel's ephemeral range: no outgoing connection and no `listen(0)` is given one,
 * so a port found free here stays free for the server that is to take it (and take it again after
 * a restart). A port from the ephemeral range could be handed to any new connection meanwhile.
 */
function portsOutsideEphemeralRange(): { low: number; high: number } {
  try {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (ephemeralLow > 11_000) return { low: 10_000, high: ephemeralLow - 1 };
  } catch {
    // Not Linux: no range to read.
  }
  // Below the usual ephemeral ranges (Linux 32768, macOS and Windows 49152).
  return { low: 20_000, high: 32_767 };
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port that is free now, for a server that must come back on the same port. */
export async function freePort(): Promise<number> {
  const { low, high } = portsOutsideEphemeralRange();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await listensOn(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}
