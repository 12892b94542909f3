/** How a post is named where it is not shown: in histories, notifications, audits and headings. */

/** The label of a post that was deleted (its text is no longer shown anywhere). */
export const DELETED_POST_TITLE = 'a deleted post';

/** The label of a post whose text is only blank lines (a post of pictures or a video). */
export const UNTITLED_POST_TITLE = 'a post without text';

/** The longest a label gets, in characters, with its ellipsis. */
export const POST_TITLE_MAX = 60;

/**
 * A post's short label: the first line of its text that is not blank, cut to POST_TITLE_MAX
 * characters at a word when one ends near the limit. `text` null: the post was deleted.
 */
export function postTitleOf(text: string | null, max = POST_TITLE_MAX): string {
  if (text === null) return DELETED_POST_TITLE;
  const line =
    text
      .split(/\r?\n/)
      .map((part) => part.trim().replace(/\s+/g, ' '))
      .find((part) => part !== '') ?? '';
  if (line === '') return UNTITLED_POST_TITLE;
  const chars = [...line];
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  // The cut ends a word when a space follows it; otherwise the word in two is left out.
  const space = chars[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space >= max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
