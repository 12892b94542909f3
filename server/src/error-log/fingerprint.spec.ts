import { browserOf, identify, normaliseMessage, topFrame } from './fingerprint.js';

describe('error fingerprints', () => {
  it('ignore the ids and numbers an error message mentions', () => {
    expect(normaliseMessage('Post 123 of user 9f3c2a1b-0000-4000-8000-000000000001 not found')).toBe(
      'Post # of user # not found',
    );
    const a = identify('server', 'Error: order 12 failed\n    at pay (/app/billing.js:10:5)\n    at x (/app/y.js:1:1)');
    const b = identify('server', 'Error: order 345 failed\n    at pay (/app/billing.js:11:7)\n    at z (/app/y.js:2:2)');
    expect(a).toEqual(b);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('tell apart errors thrown from different places or of a different source', () => {
    const here = identify('server', 'Error: boom\n    at one (/app/a.js:1:1)');
    expect(identify('server', 'Error: boom\n    at two (/app/a.js:1:1)').fingerprint).not.toBe(here.fingerprint);
    expect(identify('render', 'Error: boom\n    at one (/app/a.js:1:1)').fingerprint).not.toBe(here.fingerprint);
  });

  it('read the top frame of Firefox stacks too', () => {
    expect(topFrame('TypeError: x is undefined\nrender@https://site/assets/app-abc.js?v=2:10:20')).toBe(
      'render@https://site/assets/app-abc.js',
    );
  });

  it('summarise user agents to a browser family', () => {
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe('Firefox');
    expect(browserOf('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0')).toBe('Edge');
    expect(browserOf('')).toBe('Unknown');
  });
});
