export const NOTIFICATIONS_PATH = '/notifications';

export const notificationsPagePath = (page: number): string =>
  page === 1 ? NOTIFICATIONS_PATH : `${NOTIFICATIONS_PATH}?page=${page}`;
