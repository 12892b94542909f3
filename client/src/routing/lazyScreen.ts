import { lazy, type ComponentType } from 'react';
import {
  CSS_CHUNK_LOAD_FAILED,
  LAZY_SCREEN_MAX_RETRIES,
  SCRIPT_CHUNK_LOAD_TIMEOUT_MS,
  lazyScreenRetryDelayMs,
} from '@shared/constants/timing.js';

type ScreenModule = { default: ComponentType };

export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export interface RetryOptions {
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

/**
 * Loads a screen chunk, retrying a failure up to 10 times with N seconds before attempt N,
 * then throws. Each attempt fails after 120 s; a stylesheet that fails to load
 * raises code CSS_CHUNK_LOAD_FAILED.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timeoutMs = options.timeoutMs ?? SCRIPT_CHUNK_LOAD_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await withTimeout(load(), timeoutMs);
    } catch (error) {
      if (attempt >= LAZY_SCREEN_MAX_RETRIES) throw asChunkError(error);
      await sleep(lazyScreenRetryDelayMs(attempt + 1));
    }
  }
}

/**
 * A screen loaded on first render, or earlier with `preload()` (the boot fetches the first
 * screen's chunk while it asks the server for the session); both share one load.
 */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  let loading: Promise<ScreenModule> | null = null;
  const preload = () => (loading ??= loadWithRetry(load));
  return Object.assign(
    lazy(() => preload()),
    { preload },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function asChunkError(error: unknown): Error {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // Vite's preload helper reports a failed stylesheet as "Unable to preload CSS for …".
  const code = /preload CSS/i.test(message) ? CSS_CHUNK_LOAD_FAILED : undefined;
  return new ChunkLoadError(`Loading chunk failed: ${message}`, code);
}
