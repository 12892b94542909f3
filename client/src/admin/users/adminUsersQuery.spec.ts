import { auditPath, auditQueryOf, EMPTY_USERS_FILTER, usersPath, usersQueryOf } from './adminUsersQuery.js';

describe('the users list address', () => {
  it('reads the filters it carries and drops the ones the server would refuse', () => {
    expect(usersQueryOf('?q=ann&role=admin&earning=stopped&risk=300&from=2026-01-01&to=bad&referrer=bob&page=3')).toEqual({
      filter: { q: 'ann', role: 'admin', earning: 'stopped', risk: '300', from: '2026-01-01', to: '', referrer: 'bob' },
      page: 3,
    });
    expect(usersQueryOf('?role=owner&earning=maybe&risk=5000&page=0')).toEqual({ filter: EMPTY_USERS_FILTER, page: 1 });
  });

  it('writes only the filters that are set, and the page after the first', () => {
    expect(usersPath(EMPTY_USERS_FILTER)).toBe('/admin/users');
    expect(usersPath({ ...EMPTY_USERS_FILTER, q: 'ann lee', earning: 'ok' }, 2)).toBe('/admin/users?q=ann+lee&earning=ok&page=2');
  });
});

describe('the audit log address', () => {
  it('round-trips an action and a target', () => {
    const path = auditPath({ action: 'credits_adjusted', targetType: 'user', targetId: '42' }, 2);
    expect(path).toBe('/admin/audit?action=credits_adjusted&targetType=user&targetId=42&page=2');
    expect(auditQueryOf(path.split('?')[1])).toEqual({
      filter: { action: 'credits_adjusted', targetType: 'user', targetId: '42' },
      page: 2,
    });
    expect(auditQueryOf('?action=drop_tables').filter.action).toBe('');
  });
});
