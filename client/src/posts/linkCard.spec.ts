import { excerptOf, linkCardOf } from './linkCard.js';
import { pidOf, postPath } from './postPath.js';

describe('post link card', () => {
  it('shows the host and the address without its scheme', () => {
    expect(linkCardOf('https://www.example.com/shop/')).toEqual({
      href: 'https://www.example.com/shop/',
      host: 'example.com',
      display: 'www.example.com/shop',
    });
  });

  it('refuses addresses a link card must never open', () => {
    expect(linkCardOf('javascript:alert(1)')).toBeNull();
    expect(linkCardOf('data:text/html,hi')).toBeNull();
    expect(linkCardOf('not a url')).toBeNull();
  });
});

describe('post excerpt', () => {
  it('takes the first non-empty line and shortens it', () => {
    expect(excerptOf('\n  Hello there  \nsecond line')).toBe('Hello there');
    expect(excerptOf('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('post address', () => {
  it('reads only positive whole ids', () => {
    expect(postPath(12)).toBe('/post/12');
    expect(pidOf('12')).toBe(12);
    expect(pidOf('012')).toBeNull();
    expect(pidOf('12abc')).toBeNull();
    expect(pidOf(undefined)).toBeNull();
    expect(pidOf('99999999999999999')).toBeNull();
  });
});
