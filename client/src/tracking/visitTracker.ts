import { VISIT_UPDATE_INTERVAL_MS } from '@shared/constants/timing.js';
import { TRACKING_ENDPOINTS } from '@shared/tracking/tracking-constants.js';
import type { VisitRecord, VisitUpdate } from '@shared/tracking/tracking.js';
import { toStorableText } from '@shared/validation/storable-text.js';
import type { TrackingIdStore } from './trackingIds.js';
import type { TrackingSend } from './trackingTransport.js';

/** The longest address or referrer the record carries. */
const MAX_ADDRESS = 2000;
const MAX_PIXELS = 100_000;

export interface PageGeometry {
  windowWidth: number;
  windowHeight: number;
  screenWidth: number;
  screenHeight: number;
}

/** Everything the visit tracker touches outside itself, so tests can drive it with fake timers. */
export interface VisitTrackerEnvironment {
  send: TrackingSend;
  ids: TrackingIdStore;
  now(): number;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  visible(): boolean;
  geometry(): PageGeometry;
  /** The member the start answer named, or null for a visitor. */
  uid(): number | null;
  /** Where the browser came from to the first page (document.referrer). */
  firstReferrer: string;
  newPageId(): string;
  /** Told each new page view's ids, so the post-view trackers start over and events name their visit and page. */
  onPage(page: { pageId: string; visitId: string }): void;
}

interface CurrentPage {
  url: string;
  pageID: string;
  visitID: string;
  visitorID: string;
}

/**
 * A visit is a row per page view: `record` when a page begins, then `update` every
 * VISIT_UPDATE_INTERVAL_MS while the tab is visible and once when it is hidden or left (with
 * keepalive, so the call outlives the page). A page change ends the page with an update and
 * records the next one; its referrer is the page before it.
 */
export function createVisitTracker(env: VisitTrackerEnvironment) {
  let page: CurrentPage | null = null;
  let interval: unknown = null;
  /** The page's leaving was already reported (visibilitychange and pagehide both fire on leaving). */
  let leftReported = false;

  const seconds = () => Math.floor(env.now() / 1000);
  const pixels = (value: number) => Math.min(MAX_PIXELS, Math.max(0, Math.round(value) || 0));

  function record(url: string, referrer: string): void {
    const now = env.now();
    page = { url, pageID: env.newPageId(), visitID: env.ids.visit(now), visitorID: env.ids.visitor(now) };
    leftReported = false;
    const geometry = env.geometry();
    const body: VisitRecord = {
      url: toStorableText(url, MAX_ADDRESS),
      visitID: page.visitID,
      visitorID: page.visitorID,
      pageID: page.pageID,
      windowHeight: pixels(geometry.windowHeight),
      windowWidth: pixels(geometry.windowWidth),
      screenWidth: pixels(geometry.screenWidth),
      screenHeight: pixels(geometry.screenHeight),
      t: seconds(),
      uid: env.uid(),
      referrer: toStorableText(referrer, MAX_ADDRESS),
    };
    env.onPage({ pageId: page.pageID, visitId: page.visitID });
    env.send('POST', TRACKING_ENDPOINTS.record, body, { retry: true });
  }

  function update(current: CurrentPage, keepalive: boolean): void {
    const body: VisitUpdate = { visitID: current.visitID, visitorID: current.visitorID, pageID: current.pageID, t: seconds() };
    env.send('PUT', TRACKING_ENDPOINTS.update, body, { keepalive });
  }

  /** While the tab is visible the page is in use: a visit idle past its lifetime starts anew with this page. */
  function stillHere(): void {
    if (!page) return;
    if (env.ids.visit(env.now()) !== page.visitID) record(page.url, page.url);
    else update(page, false);
  }

  function startUpdates(): void {
    if (interval === null) interval = env.setInterval(stillHere, VISIT_UPDATE_INTERVAL_MS);
  }

  function stopUpdates(): void {
    if (interval !== null) env.clearInterval(interval);
    interval = null;
  }

  function reportLeaving(): void {
    if (!page || leftReported) return;
    leftReported = true;
    update(page, true);
  }

  return {
    /** A new page: the router's location changed (or the app started). */
    pageChanged(url: string): void {
      const previous = page;
      if (previous && !leftReported) update(previous, false);
      record(url, previous ? previous.url : env.firstReferrer);
      stopUpdates();
      if (env.visible()) startUpdates();
    },
    /** The tab was hidden or shown again (visibilitychange). */
    visibilityChanged(): void {
      if (env.visible()) {
        const wasAway = leftReported;
        leftReported = false;
        if (wasAway) stillHere();
        startUpdates();
      } else {
        stopUpdates();
        reportLeaving();
      }
    },
    /** The page is being left or put in the back-forward cache (pagehide). */
    pageLeft(): void {
      stopUpdates();
      reportLeaving();
    },
    stop(): void {
      stopUpdates();
    },
  };
}

export type VisitTracker = ReturnType<typeof createVisitTracker>;
