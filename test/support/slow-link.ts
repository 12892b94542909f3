import { connect, createServer, type Server, type Socket } from 'node:net';

/** One-way delays of a link, in ms. */
export interface LinkDelays {
  /** What the client sends reaches the server this late. */
  toServerMs: number;
  /** What the server sends reaches the client this late. */
  toClientMs: number;
}

/**
 * A TCP link to an app process that delivers every byte late, in order, as a phone's connection
 * does (a phone 100 ms away: both delays 100). Like a load balancer, it can send new connections
 * to another process (pointTo) while open ones stay where they are. An end or a reset crosses the
 * link as late as the bytes before it.
 */
export class SlowLink {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private targetPort: number,
    private readonly delays: LinkDelays,
  ) {}

  /** `http://127.0.0.1:<port>` of the link. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** New connections go to this port from now on. */
  pointTo(targetPort: number): void {
    this.targetPort = targetPort;
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      late(client, upstream, this.delays.toServerMs);
      late(upstream, client, this.delays.toClientMs);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Copies `from` to `to` `delayMs` late: timers of one delay fire in the order they were set, so bytes keep their order. */
function late(from: Socket, to: Socket, delayMs: number): void {
  from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('close', () => setTimeout(() => to.destroy(), delayMs));
}
