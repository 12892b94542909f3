import { TEAM_INVITE_TOKEN_PATTERN, teamInvitePagePath, teamRoleAllows, TEAM_ROLES } from './teams.js';
import { teamSchema } from './team.schemas.js';

describe('team roles', () => {
  it('owners do everything, managers run campaigns and spend, analysts only read stats', () => {
    expect(TEAM_ROLES.filter((role) => teamRoleAllows(role, 'manage_members'))).toEqual(['owner']);
    expect(TEAM_ROLES.filter((role) => teamRoleAllows(role, 'manage_campaigns'))).toEqual(['owner', 'manager']);
    expect(TEAM_ROLES.filter((role) => teamRoleAllows(role, 'withdraw_credits'))).toEqual(['owner', 'manager']);
    expect(TEAM_ROLES.filter((role) => teamRoleAllows(role, 'read_stats'))).toEqual(['owner', 'manager', 'analyst']);
    expect(TEAM_ROLES.filter((role) => teamRoleAllows(role, 'read_audit'))).toEqual(['owner', 'manager']);
  });
});

describe('team payloads and links', () => {
  it('trims the name and needs a letter or digit in it', () => {
    expect(teamSchema.parse({ name: '  Acme  ' })).toEqual({ name: 'Acme', imageId: null, allowWithdraw: false });
    expect(teamSchema.safeParse({ name: '!!' }).success).toBe(false);
  });

  it('the mailed link names the invite page with a token the server accepts', () => {
    const token = '12.abcdefghijklmnopqrstuvwxyz_-0123456789ABCDEFG';
    expect(TEAM_INVITE_TOKEN_PATTERN.test(token)).toBe(true);
    expect(teamInvitePagePath(token)).toBe(`/settings/multiAccounts/invite/${token}`);
    expect(TEAM_INVITE_TOKEN_PATTERN.test('12.short')).toBe(false);
  });
});
