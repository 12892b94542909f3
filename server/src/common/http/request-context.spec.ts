import { parseRequestContext } from './request-context.js';

describe('the request context from protocol headers', () => {
  it('reads the current team and the socket id', () => {
    expect(parseRequestContext({ 'x-current-team': '12', 'x-socket-id': 'Ab_9-x' })).toEqual({ teamId: 12, socketId: 'Ab_9-x' });
  });

  it('ignores malformed values instead of trusting them', () => {
    for (const team of ['0', '-1', '1.5', '12abc', '99999999999', "1' OR 1=1"]) {
      expect(parseRequestContext({ 'x-current-team': team }).teamId).toBeNull();
    }
    expect(parseRequestContext({ 'x-socket-id': '<script>' }).socketId).toBeNull();
    expect(parseRequestContext({ 'x-socket-id': 'a'.repeat(65) }).socketId).toBeNull();
    expect(parseRequestContext({})).toEqual({ teamId: null, socketId: null });
  });
});
