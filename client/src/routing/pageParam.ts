/** Pages past this are never asked for: an address with more is mistyped or forged. */
const MAX_PAGE = 100_000;

/**
 * The page a list's address asks for (`?page=N`, from `location.search` or its parameters);
 * anything that is not a page number reads as the first page.
 */
export function pageParam(query: string | URLSearchParams): number {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}
