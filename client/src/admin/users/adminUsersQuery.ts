import { ADMIN_AUDIT_ACTIONS, type AdminAuditAction } from '@shared/admin/audit.js';
import { pageParam } from '../../routing/pageParam.js';
import { ADMIN_PATHS } from '../adminPaths.js';

/** The users list's search and filters as the address carries them ('' for none). */
export interface UsersFilter {
  q: string;
  role: '' | 'member' | 'admin';
  earning: '' | 'stopped' | 'ok';
  risk: string;
  from: string;
  to: string;
  referrer: string;
}

export const EMPTY_USERS_FILTER: UsersFilter = { q: '', role: '', earning: '', risk: '', from: '', to: '', referrer: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter and page the address asks for; values the server would refuse read as not set. */
export function usersQueryOf(search: string): { filter: UsersFilter; page: number } {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name)?.trim() ?? '';
  const role = get('role');
  const earning = get('earning');
  const risk = get('risk');
  const riskOk = /^\d{1,4}$/.test(risk) && Number(risk) <= 1000;
  return {
    filter: {
      q: get('q').slice(0, 100),
      role: role === 'member' || role === 'admin' ? role : '',
      earning: earning === 'stopped' || earning === 'ok' ? earning : '',
      risk: riskOk ? risk : '',
      from: DAY.test(get('from')) ? get('from') : '',
      to: DAY.test(get('to')) ? get('to') : '',
      referrer: get('referrer').slice(0, 100),
    },
    page: pageParam(params),
  };
}

/** The query string of a filter and page, without empty values (and without page 1). */
export function usersSearchOf(filter: UsersFilter, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

export function usersPath(filter: UsersFilter, page = 1): string {
  const query = usersSearchOf(filter, page);
  return query ? `${ADMIN_PATHS.users}?${query}` : ADMIN_PATHS.users;
}

/** The audit tab's filters as the address carries them. */
export interface AuditFilter {
  action: AdminAuditAction | '';
  targetType: 'user' | 'order' | '';
  targetId: string;
}

export function auditQueryOf(search: string): { filter: AuditFilter; page: number } {
  const params = new URLSearchParams(search);
  const action = params.get('action') ?? '';
  const targetType = params.get('targetType') ?? '';
  const targetId = (params.get('targetId') ?? '').trim().slice(0, 100);
  return {
    filter: {
      action: (ADMIN_AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AdminAuditAction) : '',
      targetType: targetType === 'user' || targetType === 'order' ? targetType : '',
      targetId: targetType ? targetId : '',
    },
    page: pageParam(params),
  };
}

export function auditPath(filter: AuditFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.action) params.set('action', filter.action);
  if (filter.targetType && filter.targetId) {
    params.set('targetType', filter.targetType);
    params.set('targetId', filter.targetId);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ADMIN_PATHS.audit}?${query}` : ADMIN_PATHS.audit;
}
