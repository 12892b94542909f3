import {
  fullViewDueAt,
  initialPostViewState,
  postViewReducer,
  type PostViewAction,
  type PostViewRecord,
} from './postViewState.js';

export interface PostViewTrackerEnvironment {
  record(record: PostViewRecord): void;
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  tabVisible: boolean;
}

/** Runs the post-view state machine against the clock: its full-view timer, and what it records. */
export function createPostViewTracker(env: PostViewTrackerEnvironment) {
  let state = initialPostViewState(env.tabVisible);
  let timer: unknown = null;

  function dispatch(action: PostViewAction): void {
    const step = postViewReducer(state, action);
    state = step.state;
    for (const record of step.records) env.record(record);
    if (timer !== null) env.clearTimeout(timer);
    timer = null;
    const due = fullViewDueAt(state);
    if (due !== null) timer = env.setTimeout(() => dispatch({ type: 'tick', now: env.now() }), Math.max(0, due - env.now()));
  }

  return {
    screen: (onScreen: boolean, fully: boolean) => dispatch({ type: 'screen', onScreen, fully, now: env.now() }),
    tab: (visible: boolean) => dispatch({ type: 'tab', visible, now: env.now() }),
    stop(): void {
      if (timer !== null) env.clearTimeout(timer);
      timer = null;
    },
  };
}

export type PostViewTracker = ReturnType<typeof createPostViewTracker>;
