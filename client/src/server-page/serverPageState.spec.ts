import type { StartAnswer } from '@shared/start/start.js';
import { serializeServerPageState, type ServerPageState } from './serverPageState.js';

const start = { rufP: 1, user: null, users: {}, visitorCountry: null } as unknown as StartAnswer;

describe('the state beside a page drawn on the server', () => {
  it('cannot close its script element nor open another, whatever a post says', () => {
    const text = 'Hi </script><script>alert(1)</script> <!-- \u2028 \u2029';
    const state = { start, entry: { post: { text } } } as unknown as ServerPageState;
    const json = serializeServerPageState(state);
    expect(json).not.toMatch(/<\/?script/i);
    expect(json).not.toContain('<!--');
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(state);
  });
});
