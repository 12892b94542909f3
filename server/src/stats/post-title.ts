/** How long a post's title may be before it is cut with an ellipsis. */
export const POST_TITLE_MAX = 60;

/**
 * A post's title as Detailed Stats names it: the first line of its text with words in it, cut at
 * a word within POST_TITLE_MAX characters; a post without text (a picture alone) is "Post <id>".
 */
export function postTitleOf(pid: number, text: string): string {
  const line = text
    .split(/\r?\n/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .find((part) => part !== '');
  if (!line) return `Post ${pid}`;
  if (line.length <= POST_TITLE_MAX) return line;
  const cut = line.slice(0, POST_TITLE_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > POST_TITLE_MAX / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
