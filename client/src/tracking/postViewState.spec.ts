import { jest } from '@jest/globals';
import { POST_FULL_VIEW_MS } from '@shared/constants/timing.js';
import { initialPostViewState, postViewReducer } from './postViewState.js';
import { createPostViewTracker } from './postViewTracker.js';
import type { PostViewRecord } from './postViewState.js';

function tracker(tabVisible = true) {
  const records: PostViewRecord[] = [];
  const view = createPostViewTracker({
    record: (record) => records.push(record),
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    tabVisible,
  });
  return { view, records, levels: () => records.map((record) => record.seen) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('post view tracking', () => {
  it('records level 5 once when the post is partly on screen', () => {
    const { view, records } = tracker();
    view.screen(true, false);
    view.screen(true, false);
    view.screen(false, false);
    view.screen(true, false);
    jest.advanceTimersByTime(10_000);
    expect(records).toEqual([{ seen: 5, time: 0 }]);
  });

  it('records level 10 after the post has been fully on screen for 2 seconds', () => {
    const { view, records } = tracker();
    view.screen(true, false);
    jest.advanceTimersByTime(1000);
    view.screen(true, true);
    jest.advanceTimersByTime(POST_FULL_VIEW_MS - 1);
    expect(records).toEqual([{ seen: 5, time: 0 }]);
    jest.advanceTimersByTime(1);
    expect(records).toEqual([
      { seen: 5, time: 0 },
      { seen: 10, time: 1000 + POST_FULL_VIEW_MS },
    ]);
  });

  it('does not record level 10 when the post leaves at 1.9 s, and starts the 2 s over when it returns', () => {
    const { view, levels } = tracker();
    view.screen(true, true);
    jest.advanceTimersByTime(1900);
    view.screen(false, false);
    jest.advanceTimersByTime(5000);
    expect(levels()).toEqual([5]);
    view.screen(true, true);
    jest.advanceTimersByTime(1900);
    expect(levels()).toEqual([5]);
    jest.advanceTimersByTime(100);
    expect(levels()).toEqual([5, 10]);
  });

  it('starts the 2 s over when the post is only partly on screen for a moment', () => {
    const { view, levels } = tracker();
    view.screen(true, true);
    jest.advanceTimersByTime(1500);
    view.screen(true, false);
    view.screen(true, true);
    jest.advanceTimersByTime(1500);
    expect(levels()).toEqual([5]);
    jest.advanceTimersByTime(500);
    expect(levels()).toEqual([5, 10]);
  });

  it('pauses while the tab is hidden: no level reached, and the 2 s start over when it is shown', () => {
    const { view, levels } = tracker(false);
    view.screen(true, true);
    jest.advanceTimersByTime(5000);
    expect(levels()).toEqual([]);

    view.tab(true);
    expect(levels()).toEqual([5]);
    jest.advanceTimersByTime(1500);
    view.tab(false);
    jest.advanceTimersByTime(5000);
    expect(levels()).toEqual([5]);
    view.tab(true);
    jest.advanceTimersByTime(1999);
    expect(levels()).toEqual([5]);
    jest.advanceTimersByTime(1);
    expect(levels()).toEqual([5, 10]);
  });

  it('records each level once per page view; a new page view starts over', () => {
    const first = tracker();
    first.view.screen(true, true);
    jest.advanceTimersByTime(POST_FULL_VIEW_MS);
    first.view.screen(false, false);
    first.view.screen(true, true);
    jest.advanceTimersByTime(POST_FULL_VIEW_MS * 3);
    expect(first.levels()).toEqual([5, 10]);
    first.view.stop();

    const second = tracker();
    second.view.screen(true, true);
    jest.advanceTimersByTime(POST_FULL_VIEW_MS);
    expect(second.levels()).toEqual([5, 10]);
  });

  it('stops its timer when the post goes away', () => {
    const { view, levels } = tracker();
    view.screen(true, true);
    view.stop();
    jest.advanceTimersByTime(POST_FULL_VIEW_MS * 2);
    expect(levels()).toEqual([5]);
  });

  it('is a pure reducer: the same state and action give the same step', () => {
    const state = initialPostViewState(true);
    const action = { type: 'screen', onScreen: true, fully: true, now: 1000 } as const;
    expect(postViewReducer(state, action)).toEqual(postViewReducer(state, action));
    expect(state).toEqual(initialPostViewState(true));
    const later = postViewReducer(postViewReducer(state, action).state, { type: 'tick', now: 1000 + POST_FULL_VIEW_MS });
    expect(later.records).toEqual([{ seen: 10, time: POST_FULL_VIEW_MS }]);
  });
});
