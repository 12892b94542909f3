export const NOTIFICATIONS_PATH = '/notifications';

/** The page asked for in the address (?page=N); anything that is not a page number means the first. */
export function notificationsPageNumber(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export const notificationsPagePath = (page: number): string =>
  page === 1 ? NOTIFICATIONS_PATH : `${NOTIFICATIONS_PATH}?page=${page}`;
