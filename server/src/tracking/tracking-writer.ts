import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { isDatabaseUnavailable } from '../common/errors/database-unavailable.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SHUTTING_DOWN_RETRY_AFTER_SECONDS } from '../shutdown/draining-answer.js';
import { Transactions } from '../database/transactions.js';
import { CountryLookup } from './country-lookup.js';
import { AddressHashes } from './address-hashes.js';
import { TrackingPartitions } from './tracking-partitions.js';
import { StatsCountedPush } from './stats-counted-push.js';
import { countedMeasures, countKeysOf, distinctCountKeys, viewerKeyOf } from './tracking-counting.js';
import { deviceOf, referrerHostOf } from './tracking-dimensions.js';
import { TrackingRepository, type StoredEvent, type StoredVisit } from './tracking.repository.js';
import {
  addDays,
  mergeTouches,
  rollUp,
  utcDayOf,
  type HourlyRollup,
  type PendingEvent,
  type PendingRow,
  type PendingVisit,
  type PendingVisitUpdate,
} from './tracking-rows.js';

/** Rows written in one transaction at most; a buffer this full is written at once, without waiting for the tick. */
export const TRACKING_BATCH_ROWS = 2000;
/** Seconds a caller refused by a full buffer should wait. */
const FULL_RETRY_AFTER_SECONDS = 2;
/** A batch the database refuses (not an outage) is tried this many times, then dropped and logged. */
const REFUSED_BATCH_ATTEMPTS = 3;
/** While the database cannot be reached, one warning per this interval says so. */
const WARNING_INTERVAL_MS = 10_000;
/** On shutdown, tries to write what is left this many times before giving up on it. */
const SHUTDOWN_ATTEMPTS = 3;

interface Batch {
  rows: PendingRow[];
  attempts: number;
}

/**
 * The write buffer of tracking calls. A call only validates and pushes here; the buffer is
 * written in batches (every TRACKING_FLUSH_MS, at once when a batch's worth is waiting), each
 * batch one transaction: its page views, then its visit updates (so an update in the batch of
 * its record applies), its events, which of them count (once a day per viewer: tracking-counting.ts)
 * and what those add to the rollups; once committed, post owners are told live what it added
 * (a failed push is logged, the batch stays written). A batch that fails goes back
 * to the head of the buffer and is tried again; the buffer is bounded, and calls past the bound
 * answer 503 `unavailable` with Retry-After instead of growing it. On shutdown the batch in
 * flight and then the rest are written out before the database closes.
 */
@Injectable()
export class TrackingWriter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('tracking');
  private queue: PendingRow[] = [];
  /** A failed batch, tried again before the queue. */
  private retry: Batch | null = null;
  private writing: Promise<void> | null = null;
  /** Rows of the batch being written. */
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private closing = false;
  private lastWarningAt = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tracking: TrackingRepository,
    private readonly transactions: Transactions,
    private readonly partitions: TrackingPartitions,
    private readonly addresses: AddressHashes,
    private readonly countries: CountryLookup,
    private readonly livePush: StatsCountedPush,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), this.config.tracking.flushMs);
    this.timer.unref();
  }

  /** Rows accepted and not written yet: queued, a failed batch kept for the next try, the batch being written. */
  get size(): number {
    return this.queue.length + (this.retry?.rows.length ?? 0) + this.inFlight;
  }

  /** Buffers a row, or refuses it with 503 when the buffer is full or the process is stopping. */
  accept(row: PendingRow): void {
    if (this.closing) {
      throw new AppError(ErrorCode.ShuttingDown, 'Restarting', 'This server is restarting. Please try again in a moment.', {
        retryAfter: SHUTTING_DOWN_RETRY_AFTER_SECONDS,
      });
    }
    if (this.size >= this.config.tracking.bufferMax) {
      throw new AppError(ErrorCode.Unavailable, 'Busy', 'The server is busy. Please try again in a moment.', {
        retryAfter: FULL_RETRY_AFTER_SECONDS,
      });
    }
    this.queue.push(row);
    if (this.queue.length >= TRACKING_BATCH_ROWS && !this.writing) void this.flush();
  }

  /** Writes what is buffered, batch by batch; resolves when done or when a batch failed (kept for the next try). */
  flush(): Promise<void> {
    this.writing ??= this.writeAll().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  /**
   * Before the database closes: waits for the batch being written (its rows are no longer in the
   * queue), then writes everything queued, trying again a few times; what still could not be
   * written is logged with its count. The shutdown's own time-out (SHUTDOWN_TIMEOUT_MS) bounds
   * the wait, and logs the count as well when it ends the process first.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.writing;
    for (let attempt = 0; attempt < SHUTDOWN_ATTEMPTS && this.size > 0; attempt++) await this.flush();
    if (this.size > 0) this.logger.warn(`Stopping with ${this.size} tracking rows that could not be written`);
  }

  private async writeAll(): Promise<void> {
    for (;;) {
      const batch = this.retry ?? this.nextBatch();
      this.retry = null;
      if (!batch) return;
      this.inFlight = batch.rows.length;
      try {
        await this.write(batch.rows);
      } catch (error) {
        this.inFlight = 0;
        this.keepForRetry(batch, error);
        return;
      }
      this.inFlight = 0;
      // Less than a batch left: wait for the next tick, so slow trickles still go in batches.
      if (this.queue.length < TRACKING_BATCH_ROWS && !this.closing) return;
    }
  }

  private nextBatch(): Batch | null {
    if (this.queue.length === 0) return null;
    const rows = this.queue.length <= TRACKING_BATCH_ROWS ? this.queue : this.queue.slice(0, TRACKING_BATCH_ROWS);
    this.queue = this.queue.length <= TRACKING_BATCH_ROWS ? [] : this.queue.slice(TRACKING_BATCH_ROWS);
    return { rows, attempts: 0 };
  }

  private keepForRetry(batch: Batch, error: unknown): void {
    if (isDatabaseUnavailable(error)) {
      this.retry = batch;
      const now = Date.now();
      if (now - this.lastWarningAt >= WARNING_INTERVAL_MS) {
        this.lastWarningAt = now;
        this.logger.warn(`The database cannot be reached; ${this.size} tracking rows wait in memory (${String(error)})`);
      }
      return;
    }
    batch.attempts += 1;
    if (batch.attempts < REFUSED_BATCH_ATTEMPTS) {
      this.retry = batch;
      return;
    }
    const stack = error instanceof Error ? error.stack : String(error);
    this.logger.error(
      `Dropped a batch of ${batch.rows.length} tracking rows the database refused ${REFUSED_BATCH_ATTEMPTS} times`,
      stack,
    );
  }

  private async write(rows: readonly PendingRow[]): Promise<void> {
    const visits: PendingVisit[] = [];
    const updates: PendingVisitUpdate[] = [];
    const events: PendingEvent[] = [];
    for (const row of rows) {
      if (row.kind === 'visit') visits.push(row);
      else if (row.kind === 'update') updates.push(row);
      else events.push(row);
    }
    const days = new Set([...visits, ...events].map((row) => row.day));
    await this.partitions.ensure(days);
    await this.addresses.prepare(days);

    const seen = new Map<string, { hash: string; country: string | null }>();
    const about = (day: string, address: string) => {
      const key = `${day} ${address}`;
      let known = seen.get(key);
      if (!known)
        seen.set(key, (known = { hash: this.addresses.hashOf(day, address), country: this.countries.countryOf(address) }));
      return known;
    };

    const storedVisits: StoredVisit[] = visits.map((visit) => {
      const { hash, country } = about(visit.day, visit.address);
      return {
        day: visit.day,
        pageId: visit.pageId,
        visitId: visit.visitId,
        visitorId: visit.visitorId,
        userId: visit.userId,
        url: visit.url,
        referrer: visit.referrer,
        windowWidth: visit.windowWidth,
        windowHeight: visit.windowHeight,
        screenWidth: visit.screenWidth,
        screenHeight: visit.screenHeight,
        clientTime: new Date(visit.clientTime * 1000).toISOString(),
        at: new Date(visit.at).toISOString(),
        country,
        addressHash: hash,
        device: deviceOf(visit.screenWidth),
        referrerHost: referrerHostOf(visit.referrer),
      };
    });
    const located = events.map((event) => ({ event, ...about(event.day, event.address) }));
    const storedEvents: StoredEvent[] = located.map(({ event, hash, country }) => ({
      day: event.day,
      at: new Date(event.at).toISOString(),
      name: event.name,
      postId: event.postId,
      userId: event.userId,
      visitorId: event.visitorId,
      place: event.place,
      level: event.level,
      notes: JSON.stringify(event.notes),
      country,
      addressHash: hash,
      visitId: event.visitId,
      pageId: event.pageId,
      language: event.language,
    }));
    const keysPerEvent = located.map(({ event, hash }) => countKeysOf(event, viewerKeyOf(event, hash)));
    const today = utcDayOf(Date.now());

    const added: HourlyRollup[] = await this.transactions.run(async (manager) => {
      await this.tracking.insertVisits(manager, storedVisits);
      await this.tracking.touchVisits(manager, mergeTouches(updates), [addDays(today, -1), today]);
      await this.tracking.insertEvents(manager, storedEvents);
      const fresh = await this.tracking.claimCounts(manager, distinctCountKeys(keysPerEvent));
      const counted = countedMeasures(keysPerEvent, fresh);
      const { hourly, countries, pageViews, profiles } = rollUp(
        located.map(({ event, country }, index) => ({ event, country, counted: counted[index] })),
      );
      await this.tracking.addHourly(manager, hourly);
      await this.tracking.addCountryDaily(manager, countries);
      await this.tracking.addDimensionDaily(manager, pageViews);
      await this.tracking.addProfileViews(manager, profiles);
      return hourly;
    });
    await this.livePush.push(added).catch((error: unknown) => {
      this.logger.warn(`Could not push a batch's counts to the post owners (${String(error)})`);
    });
  }
}
