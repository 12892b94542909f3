import { createElement } from 'react';
import { defaultUrlTransform, type Options } from 'react-markdown';

/**
 * Links keep only safe addresses: a path on this site, an anchor, or http(s) and mailto.
 * Anything else (`javascript:`, `data:`, `vbscript:`, `//other.site`, a backslash…) becomes no link at all.
 */
export function safeHref(href: string | undefined | null): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  // Browsers drop tabs and line breaks inside addresses and read a backslash as a slash: either could lead off the site.
  if ([...trimmed].some((char) => char === '\\' || char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return undefined;
  if (/^\/(?![/\\])/.test(trimmed) || trimmed.startsWith('#')) return trimmed;
  if (/^(https?:|mailto:)/i.test(trimmed)) return defaultUrlTransform(trimmed) || undefined;
  return undefined;
}

/**
 * How admin-written Markdown is rendered: raw HTML dropped (never interpreted), no images
 * (they would load from other sites), only safe links, external ones opened without a referrer;
 * a `#` heading becomes an h2, as the page's own title is its one h1. Written with
 * createElement so the unit tests render exactly this.
 */
export const SAFE_MARKDOWN_OPTIONS: Omit<Options, 'children'> = {
  skipHtml: true,
  disallowedElements: ['img'],
  urlTransform: (url) => safeHref(url) ?? '',
  components: {
    h1: ({ children }) => createElement('h2', null, children),
    a: ({ href, children }) => {
      const safe = safeHref(href);
      if (!safe) return createElement('span', null, children);
      const external = /^https?:/i.test(safe);
      return createElement(
        'a',
        { href: safe, ...(external ? { rel: 'noopener noreferrer nofollow', target: '_blank' } : {}) },
        children,
      );
    },
  },
};
