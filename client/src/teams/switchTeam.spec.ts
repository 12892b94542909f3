import { jest } from '@jest/globals';
import { setSessionReload } from '../boot/sessionReload.js';
import { currentTeamIdAtom } from '../sessions/currentTeamIdAtom.js';
import { appStore } from '../state/store.js';
import { toastsAtom } from '../toasts/toastsAtom.js';
import { dropStaleTeam, STALE_TEAM_NOTICE, SWITCH_FAILED_NOTICE, switchTeam } from './switchTeam.js';

const reload = jest.fn(() => Promise.resolve(true));
setSessionReload(reload);

beforeEach(() => {
  reload.mockReset();
  reload.mockImplementation(() => Promise.resolve(true));
  appStore.set(toastsAtom, []);
  appStore.set(currentTeamIdAtom, null);
});

describe('switching teams', () => {
  it('makes the team current and reads the session again with it', async () => {
    await switchTeam(4);
    expect(appStore.get(currentTeamIdAtom)).toBe(4);
    expect(reload).toHaveBeenCalledTimes(1);
    await switchTeam(null);
    expect(appStore.get(currentTeamIdAtom)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps acting as before, and says so, when the server cannot answer', async () => {
    appStore.set(currentTeamIdAtom, 4);
    reload.mockImplementation(() => Promise.resolve(false));
    await switchTeam(5);
    expect(appStore.get(currentTeamIdAtom)).toBe(4);
    expect(appStore.get(toastsAtom).map(({ header, body }) => ({ header, body }))).toEqual([SWITCH_FAILED_NOTICE]);
  });
});

describe('a team_forbidden refusal', () => {
  it('brings the member back to their own account once, however many calls were refused', () => {
    appStore.set(currentTeamIdAtom, 4);
    dropStaleTeam(4);
    dropStaleTeam(4);
    dropStaleTeam(4);
    expect(appStore.get(currentTeamIdAtom)).toBeNull();
    expect(appStore.get(toastsAtom).map(({ header, body }) => ({ header, body }))).toEqual([STALE_TEAM_NOTICE]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves a team chosen since the refused call was sent alone', () => {
    appStore.set(currentTeamIdAtom, 5);
    dropStaleTeam(4);
    expect(appStore.get(currentTeamIdAtom)).toBe(5);
    expect(appStore.get(toastsAtom)).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });
});
