import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A load balancer as far as a client can tell: each new connection goes to the first of the
 * servers that accepts it, so once a process has stopped taking connections (it is shutting
 * down) the next one gets them.
 */
export class FailoverProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly targets: readonly string[]) {}

  /** Listens on a free loopback port; answers the address clients use. */
  async start(): Promise<string> {
    const server = createServer((client) => {
      client.pause();
      this.track(client);
      this.forward(client, 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private forward(client: Socket, index: number): void {
    if (index >= this.targets.length || client.destroyed) return void client.destroy();
    const { hostname, port } = new URL(this.targets[index]);
    const upstream = connect(Number(port), hostname);
    let connected = false;
    upstream.once('error', () => {
      if (!connected) this.forward(client, index + 1);
    });
    upstream.once('connect', () => {
      connected = true;
      this.track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.resume();
    });
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }
}
