import { jest } from '@jest/globals';
import { VISIT_UPDATE_INTERVAL_MS } from '@shared/constants/timing.js';
import { TRACKING_ENDPOINTS, visitRecordSchema, visitUpdateSchema } from '@shared/tracking/tracking.js';
import { memoryIdStore } from './trackingIds.js';
import type { TrackingSendOptions } from './trackingTransport.js';
import { createVisitTracker } from './visitTracker.js';

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown>;
  options: TrackingSendOptions;
}

function setUp(firstReferrer = 'https://search.example/?q=surf') {
  const sent: Sent[] = [];
  const pages: { pageId: string; visitId: string }[] = [];
  let visible = true;
  let pageCount = 0;
  const tracker = createVisitTracker({
    send: (method, path, body, options = {}) => sent.push({ method, path, body: body as Record<string, unknown>, options }),
    ids: memoryIdStore(),
    now: () => Date.now(),
    setInterval: (run, ms) => setInterval(run, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    visible: () => visible,
    geometry: () => ({ windowWidth: 1280, windowHeight: 720, screenWidth: 1920, screenHeight: 1080 }),
    uid: () => 42,
    firstReferrer,
    newPageId: () => `page-000${++pageCount}`,
    onPage: (page) => pages.push(page),
  });
  return {
    tracker,
    sent,
    pages,
    setVisible: (value: boolean) => (visible = value),
    records: () => sent.filter((call) => call.path === TRACKING_ENDPOINTS.record),
    updates: () => sent.filter((call) => call.path === TRACKING_ENDPOINTS.update),
  };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-03-01T12:00:00Z'));
});
afterEach(() => jest.useRealTimers());

describe('visit tracker', () => {
  it('records a page view with a valid record and a new page id on every page change', () => {
    const visit = setUp();
    visit.tracker.pageChanged('https://surfex.test/');
    visit.tracker.pageChanged('https://surfex.test/signup');

    const [first, second] = visit.records();
    expect(first.method).toBe('POST');
    expect(visitRecordSchema.parse(first.body)).toEqual({
      url: 'https://surfex.test/',
      visitID: expect.any(String),
      visitorID: expect.any(String),
      pageID: 'page-0001',
      windowWidth: 1280,
      windowHeight: 720,
      screenWidth: 1920,
      screenHeight: 1080,
      t: Math.floor(Date.parse('2026-03-01T12:00:00Z') / 1000),
      uid: 42,
      referrer: 'https://search.example/?q=surf',
    });
    expect(visitRecordSchema.parse(second.body)).toMatchObject({
      url: 'https://surfex.test/signup',
      pageID: 'page-0002',
      visitID: first.body.visitID,
      visitorID: first.body.visitorID,
      referrer: 'https://surfex.test/',
    });
    expect(visit.pages).toEqual([
      { pageId: 'page-0001', visitId: first.body.visitID },
      { pageId: 'page-0002', visitId: first.body.visitID },
    ]);
  });

  it('ends the page before with an update when the page changes', () => {
    const visit = setUp();
    visit.tracker.pageChanged('https://surfex.test/');
    visit.tracker.pageChanged('https://surfex.test/signup');
    expect(visit.updates().map((call) => call.body.pageID)).toEqual(['page-0001']);
  });

  it('sends an update every 5 seconds while the page is visible', () => {
    const visit = setUp();
    visit.tracker.pageChanged('https://surfex.test/');
    jest.advanceTimersByTime(VISIT_UPDATE_INTERVAL_MS - 1);
    expect(visit.updates()).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(visit.updates()).toHaveLength(1);
    jest.advanceTimersByTime(VISIT_UPDATE_INTERVAL_MS * 3);
    const updates = visit.updates();
    expect(updates).toHaveLength(4);
    for (const update of updates) {
      expect(update.method).toBe('PUT');
      expect(update.options.keepalive).toBe(false);
      expect(visitUpdateSchema.parse(update.body)).toMatchObject({ pageID: 'page-0001' });
    }
    expect(updates[3].body.t).toBe((updates[0].body.t as number) + 15);
  });

  it('sends one keepalive update when the tab is hidden, none while hidden, and resumes when shown', () => {
    const visit = setUp();
    visit.tracker.pageChanged('https://surfex.test/');
    jest.advanceTimersByTime(2000);
    visit.setVisible(false);
    visit.tracker.visibilityChanged();
    expect(visit.updates()).toEqual([expect.objectContaining({ options: { keepalive: true } })]);

    jest.advanceTimersByTime(VISIT_UPDATE_INTERVAL_MS * 10);
    visit.tracker.pageLeft();
    expect(visit.updates()).toHaveLength(1);

    visit.setVisible(true);
    visit.tracker.visibilityChanged();
    expect(visit.updates()).toHaveLength(2);
    jest.advanceTimersByTime(VISIT_UPDATE_INTERVAL_MS);
    expect(visit.updates()).toHaveLength(3);
    expect(visit.records()).toHaveLength(1);
  });

  it('sends a keepalive update when the page is left', () => {
    const visit = setUp();
    visit.tracker.pageChanged('https://surfex.test/');
    visit.tracker.pageLeft();
    expect(visit.updates()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        options: { keepalive: true },
        body: expect.objectContaining({ pageID: 'page-0001' }),
      }),
    ]);
    jest.advanceTimersByTime(VISIT_UPDATE_INTERVAL_MS * 2);
    expect(visit.updates()).toHaveLength(1);
  });

  it('does not send updates for a page opened in a hidden tab until it is shown', () => {
    const visit = setUp();
    visit.setVisible(false);
    visit.tracker.pageChanged('https://surfex.test/');
    jest.advanceTimersByTime(VISIT_UPDATE_INTERVAL_MS * 3);
    expect(visit.updates()).toHaveLength(0);
  });

  it('starts a new visit, with a new page view, when the tab comes back after 30 idle minutes', () => {
    const visit = setUp();
    visit.tracker.pageChanged('https://surfex.test/home');
    visit.setVisible(false);
    visit.tracker.visibilityChanged();
    jest.advanceTimersByTime(31 * 60_000);
    visit.setVisible(true);
    visit.tracker.visibilityChanged();

    const [first, second] = visit.records();
    expect(second.body).toMatchObject({ url: 'https://surfex.test/home', pageID: 'page-0002', visitorID: first.body.visitorID });
    expect(second.body.visitID).not.toBe(first.body.visitID);
  });

  it('keeps the visit while the tab is in use', () => {
    const visit = setUp();
    visit.tracker.pageChanged('https://surfex.test/home');
    jest.advanceTimersByTime(45 * 60_000);
    visit.tracker.pageChanged('https://surfex.test/profile');
    const [first, second] = visit.records();
    expect(second.body.visitID).toBe(first.body.visitID);
  });
});
