/** One owner's place in the schedule, kept only while a flush runs or its quiet interval lasts. */
interface OwnerSchedule {
  /** When the last flush started (ms). */
  startedAt: number;
  flushing: boolean;
  /** Something changed since the last flush started. */
  pending: boolean;
  /** A change that must not wait for the interval's end. */
  urgent: boolean;
  /** The end of the quiet interval. */
  timer: NodeJS.Timeout | null;
}

/**
 * Coalesces changes per owner into flushes at most once per `intervalMs` each: the first change
 * after a quiet interval flushes at once, the changes during the interval flush once at its end.
 * An urgent change flushes as soon as no flush of that owner runs; the flush is told it is
 * urgent. One owner's flushes never overlap, so a later flush never reads older state than an
 * earlier one it overtook.
 */
export class OwnerFlushes {
  private readonly owners = new Map<number, OwnerSchedule>();
  /** The flushes under way. */
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly intervalMs: number,
    private readonly flush: (ownerId: number, urgent: boolean) => Promise<void>,
    private readonly onError: (ownerId: number, error: unknown) => void,
  ) {}

  /** Costs no I/O: at most it starts a flush in the background. */
  changed(ownerId: number, urgent = false): void {
    if (this.closed) return;
    const owner = this.owners.get(ownerId);
    if (!owner) {
      this.start(ownerId, { startedAt: 0, flushing: false, pending: true, urgent, timer: null });
      return;
    }
    owner.pending = true;
    owner.urgent ||= urgent;
    if (owner.urgent && !owner.flushing) this.start(ownerId, owner);
  }

  /** Drops what is pending (nothing flushes after this) and resolves once the flushes under way have ended. */
  async close(): Promise<void> {
    this.closed = true;
    for (const owner of this.owners.values()) if (owner.timer) clearTimeout(owner.timer);
    this.owners.clear();
    await Promise.all(this.running);
  }

  private start(ownerId: number, owner: OwnerSchedule): void {
    if (owner.timer) clearTimeout(owner.timer);
    const { urgent } = owner;
    Object.assign(owner, { startedAt: Date.now(), flushing: true, pending: false, urgent: false, timer: null });
    this.owners.set(ownerId, owner);
    const flushing = this.flush(ownerId, urgent)
      .catch((error: unknown) => this.onError(ownerId, error))
      .finally(() => {
        this.running.delete(flushing);
        this.flushed(ownerId, owner);
      });
    this.running.add(flushing);
  }

  private flushed(ownerId: number, owner: OwnerSchedule): void {
    owner.flushing = false;
    if (this.closed) return;
    if (owner.urgent) {
      this.start(ownerId, owner);
      return;
    }
    const waitMs = Math.max(0, owner.startedAt + this.intervalMs - Date.now());
    owner.timer = setTimeout(() => this.quietIntervalEnded(ownerId, owner), waitMs);
    owner.timer.unref();
  }

  private quietIntervalEnded(ownerId: number, owner: OwnerSchedule): void {
    owner.timer = null;
    if (owner.pending) this.start(ownerId, owner);
    else this.owners.delete(ownerId);
  }
}
