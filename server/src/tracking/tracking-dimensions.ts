import { DESKTOP_MIN_SCREEN_WIDTH, TABLET_MIN_SCREEN_WIDTH, type DeviceBucket } from '@shared/tracking/tracking-constants.js';

/** A language's primary subtag as stored: two or three lowercase letters (ISO 639). */
const LANGUAGE_PATTERN = /^[a-z]{2,3}$/;

/** The screen-size bucket of a screen `screenWidth` CSS pixels wide; '' when the browser reported none (0). */
export function deviceOf(screenWidth: number): DeviceBucket | '' {
  if (!(screenWidth > 0)) return '';
  if (screenWidth < TABLET_MIN_SCREEN_WIDTH) return 'phone';
  if (screenWidth < DESKTOP_MIN_SCREEN_WIDTH) return 'tablet';
  return 'desktop';
}

/**
 * The host a page view was referred from, lowercase and without a leading `www.`, so
 * `https://WWW.Example.com/a?b` and `http://example.com` group as `example.com`. '' when there
 * is no referrer, or it is not an http(s) address.
 */
export function referrerHostOf(referrer: string): string {
  if (referrer === '') return '';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  return url.hostname.toLowerCase().replace(/^www\./, '');
}

/**
 * The browser's preferred language from an Accept-Language header: the primary subtag of the
 * tag with the highest q (the first of equals), lowercased; null when there is none or it is
 * not 2–3 letters (`*`, a private-use tag, anything malformed).
 */
export function languageOf(acceptLanguage: string | undefined): string | null {
  if (!acceptLanguage) return null;
  let best: { tag: string; q: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [tag, ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!tag) continue;
    const qParameter = parameters.find((parameter) => /^q=/i.test(parameter));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  if (!best) return null;
  const primary = best.tag.split('-')[0].toLowerCase();
  return LANGUAGE_PATTERN.test(primary) ? primary : null;
}
