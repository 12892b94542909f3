import { ERROR_GROUP_STATES } from '@shared/admin/errors.js';
import { pageParam } from '../../routing/pageParam.js';
import { ADMIN_PATHS } from '../adminPaths.js';

export type ErrorsState = (typeof ERROR_GROUP_STATES)[number];

export const ERRORS_FILTERS: readonly { value: ErrorsState; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** The state and page the address asks for; anything unknown reads as open, page 1. */
export function errorsQueryOf(search: string): { state: ErrorsState; page: number } {
  const params = new URLSearchParams(search);
  const state = params.get('state') === 'resolved' ? 'resolved' : 'open';
  return { state, page: pageParam(params) };
}

export function errorsPath(state: ErrorsState, page = 1): string {
  const params = new URLSearchParams();
  if (state !== 'open') params.set('state', state);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ADMIN_PATHS.errors}?${query}` : ADMIN_PATHS.errors;
}
