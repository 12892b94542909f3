import { DELETED_POST_TITLE, postTitleOf, UNTITLED_POST_TITLE } from './post-title.js';

describe('a post title', () => {
  it('is the first line of text that is not blank', () => {
    expect(postTitleOf('\n  Handmade   mugs  \nSecond line')).toBe('Handmade mugs');
  });

  it('is cut at a word near the limit, with an ellipsis', () => {
    expect(postTitleOf('Fresh bread delivered to your door every morning', 30)).toBe('Fresh bread delivered to your…');
    expect(postTitleOf('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('names a deleted post and a post without text', () => {
    expect(postTitleOf(null)).toBe(DELETED_POST_TITLE);
    expect(postTitleOf(' \n ')).toBe(UNTITLED_POST_TITLE);
  });
});
