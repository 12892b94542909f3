import type { Server } from 'socket.io';

/** Into how many groups the sockets are split; one group is ticked per interval / groups. */
const CLOCK_GROUPS = 30;

/**
 * Pushes `live:data {live_time}` to every socket of this process once per `intervalMs`, spread
 * over the interval: each socket joins one of `groups` rooms in turn, and one room is ticked
 * every intervalMs / groups. Ticking every socket at one instant is a whole fan-out that stalls
 * the process meanwhile (bench/fanout/README.md, "Measured costs"); spread, each tick is
 * 1/groups of that.
 */
export class ClockTicks {
  private nextGroup = 0;
  private nextTick = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly groups = CLOCK_GROUPS,
  ) {}

  /** The room a newly connected socket joins: the groups take sockets in turn. */
  nextRoom(): string {
    const group = this.nextGroup;
    this.nextGroup = (group + 1) % this.groups;
    return clockRoom(group);
  }

  /** Only this process's sockets (`local`): every process ticks for its own. */
  start(server: Pick<Server, 'local'>): void {
    this.timer = setInterval(() => {
      const group = this.nextTick;
      this.nextTick = (group + 1) % this.groups;
      server.local.to(clockRoom(group)).emit('live:data', { live_time: Date.now() });
    }, this.intervalMs / this.groups);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

function clockRoom(group: number): string {
  return `clock:${group}`;
}
