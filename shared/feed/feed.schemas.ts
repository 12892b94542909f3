import { z } from 'zod';
import { text } from '../validation/text.js';
import { POST_SEARCH_MIN_LENGTH } from './feed-source.js';

// The schemas the server validates with, apart from the module's constants and types so a page
// that needs only those (paths, limits) does not download zod.

const key = text().trim().min(1).max(100);

/** The feed query: `source`, its `key` (tag, group slug, username or search text) and the `before` cursor. */
export const feedQuerySchema = z
  .discriminatedUnion('source', [
    z.object({ source: z.literal('home') }),
    z.object({ source: z.literal('tag'), key: key.toLowerCase() }),
    z.object({ source: z.literal('group'), key }),
    z.object({ source: z.literal('user'), key }),
    z.object({
      source: z.literal('search'),
      key: text()
        .trim()
        .min(POST_SEARCH_MIN_LENGTH, `Type at least ${POST_SEARCH_MIN_LENGTH} characters to search posts.`)
        .max(100, 'Search with at most 100 characters.'),
    }),
  ])
  .and(z.object({ before: z.coerce.number().int().min(1).max(2_147_483_647).optional() }));
export type FeedQuery = z.infer<typeof feedQuerySchema>;
