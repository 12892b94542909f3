import { POST_TITLE_MAX, postTitleOf } from './post-title.js';

describe("a post's title in Detailed Stats", () => {
  it('is the first line with words in it', () => {
    expect(postTitleOf(4, '\n  Summer   sale on bikes \nMore below')).toBe('Summer sale on bikes');
  });

  it('is cut at a word, with an ellipsis, when the line is long', () => {
    const title = postTitleOf(4, `${'Lovely words '.repeat(10)}end`);
    expect(title.length).toBeLessThanOrEqual(POST_TITLE_MAX);
    expect(title).toBe('Lovely words Lovely words Lovely words Lovely words Lovely…');
  });

  it('names the post by its number when it has no text', () => {
    expect(postTitleOf(12, '   \n ')).toBe('Post 12');
  });
});
