/** What a post's link card shows; null for anything that is not an http(s) address. */
export interface LinkCardParts {
  href: string;
  host: string;
  /** The address without its scheme, for reading. */
  display: string;
}

export function linkCardOf(link: string): LinkCardParts | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const display = url.href.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return { href: url.href, host: url.hostname.replace(/^www\./, ''), display };
}

/** The first line of a post, shortened, for lists and headings. */
export function excerptOf(text: string, max = 120): string {
  const line =
    text
      .trim()
      .split(/\r?\n/)
      .find((part) => part.trim() !== '')
      ?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
