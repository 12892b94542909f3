import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { StatsPeriodDays } from './stats-period.js';
import type { FinishedStats } from './stats.repository.js';

/** How many posts' finished days one process keeps. */
const FINISHED_MAX_POSTS = 5_000;
/**
 * How long a post's finished days are kept at most: a safety net for a figure written into a day
 * after it was taken as finished (a tracking batch retried after a long database outage).
 */
const FINISHED_TTL_MS = 10 * 60_000;
/** Periods kept: one per (zone, length, local date) asked for. */
const PERIODS_MAX = 1_000;

/**
 * Detailed Stats' process memory: the days of each period asked for, and each post's finished
 * days. Values are promises, so requests arriving together while a read is under way share it; a
 * read that fails is forgotten.
 */
@Injectable()
export class StatsCache {
  private readonly periods = new LRUCache<string, Promise<StatsPeriodDays | null>>({ max: PERIODS_MAX });
  private readonly finishedDays = new LRUCache<string, Promise<FinishedStats>>({
    max: FINISHED_MAX_POSTS,
    ttl: FINISHED_TTL_MS,
  });

  period(key: string, read: () => Promise<StatsPeriodDays | null>): Promise<StatsPeriodDays | null> {
    return this.remember(this.periods, key, read);
  }

  finishedOf(key: string): Promise<FinishedStats> | undefined {
    return this.finishedDays.get(key);
  }

  keepFinished(key: string, reading: Promise<FinishedStats>): Promise<FinishedStats> {
    return keep(this.finishedDays, key, reading);
  }

  private remember<T extends object | null>(
    cache: LRUCache<string, Promise<T>>,
    key: string,
    read: () => Promise<T>,
  ): Promise<T> {
    return cache.get(key) ?? keep(cache, key, read());
  }
}

function keep<T extends object | null>(cache: LRUCache<string, Promise<T>>, key: string, reading: Promise<T>): Promise<T> {
  cache.set(key, reading);
  reading.catch(() => {
    if (cache.get(key) === reading) cache.delete(key);
  });
  return reading;
}
