import { POST_FULL_VIEW_MS } from '@shared/constants/timing.js';
import type { PostViewLevel } from '@shared/tracking/tracking-constants.js';

/**
 * One post's view tracking during one page view. Level 5 is reached when the post is partly on
 * screen in a visible tab; level 10 when it has been fully on screen (or filled the screen, for a
 * post taller than the window) for POST_FULL_VIEW_MS in a visible tab. Each level is recorded
 * once. Leaving the screen or hiding the tab resets the clocks.
 */
export interface PostViewState {
  onScreen: boolean;
  fully: boolean;
  tabVisible: boolean;
  /** Since when (ms) the post has been on screen in a visible tab; null while it is not. */
  onScreenSince: number | null;
  /** Since when (ms) it has been fully on screen in a visible tab; null while it is not. */
  fullySince: number | null;
  recorded: readonly PostViewLevel[];
}

export interface PostViewRecord {
  seen: PostViewLevel;
  /** How long (ms) the post had been on screen when the level was reached. */
  time: number;
}

export type PostViewAction =
  /** What the screen shows of the post now (partly, fully, or nothing). */
  | { type: 'screen'; onScreen: boolean; fully: boolean; now: number }
  | { type: 'tab'; visible: boolean; now: number }
  /** Time passed: the full-view timer may be due. */
  | { type: 'tick'; now: number };

export const initialPostViewState = (tabVisible: boolean): PostViewState => ({
  onScreen: false,
  fully: false,
  tabVisible,
  onScreenSince: null,
  fullySince: null,
  recorded: [],
});

export interface PostViewStep {
  state: PostViewState;
  /** The levels reached by this action, to send. */
  records: PostViewRecord[];
}

export function postViewReducer(state: PostViewState, action: PostViewAction): PostViewStep {
  const next: PostViewState = { ...state };
  if (action.type === 'screen') {
    next.onScreen = action.onScreen;
    next.fully = action.onScreen && action.fully;
  } else if (action.type === 'tab') {
    next.tabVisible = action.visible;
  }
  const seeing = next.onScreen && next.tabVisible;
  next.onScreenSince = seeing ? (state.onScreenSince ?? action.now) : null;
  next.fullySince = seeing && next.fully ? (state.fullySince ?? action.now) : null;

  const records: PostViewRecord[] = [];
  const reach = (seen: PostViewLevel) => {
    if (next.recorded.includes(seen)) return;
    next.recorded = [...next.recorded, seen];
    records.push({ seen, time: action.now - (next.onScreenSince ?? action.now) });
  };
  if (seeing) reach(5);
  if (next.fullySince !== null && action.now - next.fullySince >= POST_FULL_VIEW_MS) reach(10);
  return { state: next, records };
}

/** When the full view will be reached if nothing changes, or null when no timer should run. */
export function fullViewDueAt(state: PostViewState): number | null {
  if (state.fullySince === null || state.recorded.includes(10)) return null;
  return state.fullySince + POST_FULL_VIEW_MS;
}
