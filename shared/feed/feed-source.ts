/**
 * Whose posts a feed shows. One endpoint reads them all (`FEED_ENDPOINT`), with the source in the
 * query: `home` (the member's own posts and those of the members, tags and groups they follow or
 * joined), one tag's, one group's (by its slug), one member's (by username), or the posts whose
 * text contains a search (`search`, at least POST_SEARCH_MIN_LENGTH characters). Newest first,
 * paged with `before` (the last post id shown).
 */
export type FeedSource =
  | { kind: 'home' }
  | { kind: 'tag'; tag: string }
  | { kind: 'group'; slug: string }
  | { kind: 'user'; username: string }
  | { kind: 'search'; q: string };

/** The shortest post search: shorter text matches too much to be useful (and the trigram index needs three). */
export const POST_SEARCH_MIN_LENGTH = 3;

/** GET `?source=home|tag|group|user|search&key=<tag, slug, username or search>&before=<post id>` → a feed page. */
export const FEED_ENDPOINT = '/data/feed';

/**
 * Usernames and tags may not take these: as the first segment of /profile/:obj they name the kind
 * of object (`u` a member, `g` a group).
 */
export const RESERVED_SOCIAL_CODES = ['u', 'g'] as const;
