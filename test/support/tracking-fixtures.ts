import { randomBytes } from 'node:crypto';
import type { VisitRecord } from '../../shared/tracking/tracking.js';

/** A fresh visit, visitor or page view id, shaped as the tracking script makes them. */
export const trackingId = (): string => randomBytes(12).toString('base64url');

/** A page view's record as the tracking script sends it when a page opens: new ids, a desktop screen. */
export function visitRecord(overrides: Partial<VisitRecord> = {}): VisitRecord {
  return {
    url: 'https://surfex.example/feed',
    visitID: trackingId(),
    visitorID: trackingId(),
    pageID: trackingId(),
    windowHeight: 800,
    windowWidth: 1200,
    screenWidth: 1920,
    screenHeight: 1080,
    t: Math.floor(Date.now() / 1000),
    uid: null,
    referrer: '',
    ...overrides,
  };
}
