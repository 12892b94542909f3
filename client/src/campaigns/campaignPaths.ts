import { PATHS } from '@shared/routing/routes.js';

/** The post editor's addresses under /home/yourPosts (the dashboard's :tab1 and :tab2). */
export const NEW_POST_PATH = `${PATHS.campaigns}/new`;
export const editPostPath = (pid: number) => `${PATHS.campaigns}/${pid}/edit`;
