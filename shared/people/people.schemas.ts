import { z } from 'zod';
import { text } from '../validation/text.js';
import { MAX_SEARCH_PAGE, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from './people.js';

// The schemas the server validates with, apart from the module's constants and types so a page
// that needs only those (paths, limits) does not download zod.

export const userSearchQuerySchema = z.object({
  q: text()
    .trim()
    .min(SEARCH_QUERY_MIN, `Type at least ${SEARCH_QUERY_MIN} characters.`)
    .max(SEARCH_QUERY_MAX, `Use at most ${SEARCH_QUERY_MAX} characters.`),
  page: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE).default(1),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;
