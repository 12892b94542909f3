import type { PostItem } from '@shared/campaigns/campaigns.js';
import type { SurfNextAnswer } from '@shared/surf/surf.js';
import { canClaim, initialSurfState, surfReducer, type SurfAction, type SurfState } from './surfState.js';

const post = { pid: 7, text: 'Hello' } as PostItem;
const issuedAt = 5_000_000;

function answer(overrides: Partial<SurfNextAnswer['data']> = {}): SurfNextAnswer {
  return {
    data: {
      posts: [{ pid: 7, viewed: false }],
      timer: 15,
      m1: 'View this post',
      codes: null,
      challengeImage: null,
      message: null,
      ...overrides,
    },
    ticket: { id: 't-1', issuedAt },
    post,
    emptyReason: null,
    nextAt: null,
  };
}

const run = (actions: SurfAction[], from: SurfState = initialSurfState) => actions.reduce(surfReducer, from);
const loadedAt = (serverNowMs: number, data?: Partial<SurfNextAnswer['data']>) =>
  run([{ type: 'loading' }, { type: 'loaded', answer: answer(data), serverNowMs, clientNowMs: 100 }]);

describe('surf bar state', () => {
  it('starts the countdown from data.timer, corrected by the time already spent on the server', () => {
    expect(loadedAt(issuedAt).countdown).toBe(15);
    expect(loadedAt(issuedAt + 2500).countdown).toBe(13);
  });

  it('marks the current post viewed', () => {
    expect(loadedAt(issuedAt).data?.posts).toEqual([{ pid: 7, viewed: true }]);
  });

  it('counts down once per tick while above zero, and each tick resets clickedNext', () => {
    let state = loadedAt(issuedAt);
    state = surfReducer(state, { type: 'tick', serverNowMs: issuedAt + 1000, clientNowMs: 1100 });
    expect(state.countdown).toBe(14);
    state = { ...state, clickedNext: true };
    state = surfReducer(state, { type: 'tick', serverNowMs: issuedAt + 2000, clientNowMs: 2100 });
    expect(state.countdown).toBe(13);
    expect(state.clickedNext).toBe(false);
  });

  it('never counts back up when the clock estimate moves backwards', () => {
    const state = run(
      [
        { type: 'tick', serverNowMs: issuedAt + 5000, clientNowMs: 1 },
        { type: 'tick', serverNowMs: issuedAt + 1000, clientNowMs: 2 },
      ],
      loadedAt(issuedAt),
    );
    expect(state.countdown).toBe(10);
  });

  it('lets Next through only at zero, and remembers when zero was reached', () => {
    let state = loadedAt(issuedAt);
    expect(canClaim(state)).toBe(false);
    state = surfReducer(state, { type: 'tick', serverNowMs: issuedAt + 15_000, clientNowMs: 9000 });
    expect(state.countdown).toBe(0);
    expect(state.zeroAtMs).toBe(9000);
    expect(canClaim(state)).toBe(true);
    state = surfReducer(state, { type: 'tick', serverNowMs: issuedAt + 16_000, clientNowMs: 10_000 });
    expect(state.zeroAtMs).toBe(9000);
  });

  it('sends one claim at a time', () => {
    const ready = surfReducer(loadedAt(issuedAt), { type: 'tick', serverNowMs: issuedAt + 15_000, clientNowMs: 1 });
    const sent = surfReducer(ready, { type: 'claimSent' });
    expect(sent.clickedNext).toBe(true);
    expect(sent.processCheck).toBe(true);
    expect(canClaim(sent)).toBe(false);
    const settled = surfReducer(sent, { type: 'claimSettled', notice: { tone: 'success', text: 'Credit earned!' } });
    expect(settled.phase).toBe('loading');
    expect(settled.ticket).toBeNull();
    expect(settled.notice?.text).toBe('Credit earned!');
  });

  it('asks for the picked code when the ticket carries a challenge', () => {
    let state = surfReducer(
      loadedAt(issuedAt + 15_000, { codes: ['AB12', 'CD34'], challengeImage: '/data/surf/challenge/ticket-1' }),
      {
        type: 'tick',
        serverNowMs: issuedAt + 15_000,
        clientNowMs: 1,
      },
    );
    expect(canClaim(state)).toBe(false);
    state = surfReducer(state, { type: 'pickCode', code: 'ZZZZ' });
    expect(state.pickedCode).toBeNull();
    state = surfReducer(state, { type: 'pickCode', code: 'CD34' });
    expect(canClaim(state)).toBe(true);
  });

  it('takes the code mailed instead of an option, and drops the pick when asked', () => {
    let state = surfReducer(
      loadedAt(issuedAt + 15_000, { codes: ['AB12', 'CD34'], challengeImage: '/data/surf/challenge/ticket-1' }),
      { type: 'tick', serverNowMs: issuedAt + 15_000, clientNowMs: 1 },
    );
    state = surfReducer(state, { type: 'pickCode', code: 'CD34' });
    state = surfReducer(state, { type: 'pickCode', code: null });
    expect(state.pickedCode).toBeNull();
    expect(canClaim(state)).toBe(false);
    state = surfReducer(state, { type: 'pickCode', code: '12345' });
    expect(state.pickedCode).toBeNull();
    state = surfReducer(state, { type: 'pickCode', code: '042917' });
    expect(state.pickedCode).toBe('042917');
    expect(canClaim(state)).toBe(true);
  });

  it('waits again on the same ticket when the server says it is too early', () => {
    const ready = surfReducer(loadedAt(issuedAt + 15_000), { type: 'claimSent' });
    const state = surfReducer(ready, {
      type: 'claimTooEarly',
      notice: { tone: 'info', text: 'Please wait until the countdown ends (2 s left).' },
      secondsLeft: 2,
      serverNowMs: issuedAt + 15_000,
    });
    expect(state.phase).toBe('viewing');
    expect(state.ticket?.id).toBe('t-1');
    expect(state.countdown).toBe(2);
    expect(surfReducer(state, { type: 'tick', serverNowMs: issuedAt + 17_000, clientNowMs: 5 }).countdown).toBe(0);
  });

  it('shows the message when there is nothing to view, why, and when a post can come again', () => {
    const state = run([
      {
        type: 'loaded',
        answer: {
          ...answer({ message: 'No posts now.', posts: [] }),
          ticket: null,
          post: null,
          emptyReason: 'no_posts',
          nextAt: issuedAt + 3_600_000,
        },
        serverNowMs: 0,
        clientNowMs: 0,
      },
    ]);
    expect(state.phase).toBe('empty');
    expect(state.data?.message).toBe('No posts now.');
    expect(state.empty).toEqual({ reason: 'no_posts', nextAt: issuedAt + 3_600_000 });
    expect(canClaim(state)).toBe(false);
    expect(surfReducer(state, { type: 'loading' }).empty).toBeNull();
  });

  it('drops the ticket when another tab takes over or the connection is lost', () => {
    expect(surfReducer(loadedAt(issuedAt), { type: 'replaced' })).toMatchObject({ phase: 'replaced', ticket: null });
    expect(surfReducer(loadedAt(issuedAt), { type: 'connecting' })).toMatchObject({ phase: 'connecting', ticket: null });
  });
});
