import { jest } from '@jest/globals';
import { ErrorCode } from '@shared/api/error-codes.js';
import { InvalidatingCache } from '../common/cache/invalidating-cache.js';
import type { MediaService } from '../media/media.service.js';
import type { MemberCache, TeamMemberRow, TeamRow } from '../sessions/member-cache.js';
import { TeamAccessService } from './team-access.service.js';
import type { TeamsRepository } from './teams.repository.js';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const HOUR = 3_600_000;

function person(uid: number, extra: Partial<TeamMemberRow>): TeamMemberRow {
  return {
    uid,
    username: `member${uid}`,
    first_name: 'Test',
    image: null,
    role: 'analyst',
    status: 'active',
    invited_by: null,
    invited_at: null,
    invite_expires_at: null,
    joined_at: '2026-11-20T08:00:00.000000+00:00',
    ...extra,
  };
}

const invitedUntil = (ms: number) => ({
  status: 'invited' as const,
  invited_by: 1,
  invited_at: new Date(NOW - HOUR).toISOString(),
  invite_expires_at: new Date(ms).toISOString(),
});

/** A team of: 1 owner, 2 analyst, 3 invited for another hour, 4 invited but lapsed. */
const team: TeamRow = {
  id: 7,
  name: 'Acme',
  image_id: null,
  credits: '12',
  allow_withdraw: false,
  created_by: 1,
  created_at: new Date('2026-11-20T08:00:00.000Z'),
  members: [person(1, { role: 'owner' }), person(2, {}), person(3, invitedUntil(NOW + HOUR)), person(4, invitedUntil(NOW - 1))],
};

function service(): TeamAccessService {
  const cache = {
    teams: new InvalidatingCache<number, TeamRow>({ ttlMs: 60_000, maxEntries: 10 }),
    memberTeams: new InvalidatingCache<number, readonly number[]>({ ttlMs: 60_000, maxEntries: 10 }),
  } as unknown as MemberCache;
  const repository = {
    withMembers: async (id: number) => (id === team.id ? team : null),
    teamIdsOf: async (userId: number) => (team.members.some((member) => member.uid === userId) ? [team.id] : []),
  } as unknown as TeamsRepository;
  return new TeamAccessService(repository, cache, {} as MediaService);
}

describe('TeamAccessService', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  it('lets active members act for the team with their role, and refuses the invited, the lapsed and strangers', async () => {
    const access = service();
    await expect(access.actingTeam(2, team.id)).resolves.toEqual({ id: team.id, role: 'analyst' });
    for (const userId of [3, 4, 99]) {
      await expect(access.actingTeam(userId, team.id)).rejects.toMatchObject({ code: ErrorCode.TeamForbidden });
    }
    await expect(access.actingTeam(1, 12345)).rejects.toMatchObject({ code: ErrorCode.TeamForbidden });
    await expect(access.currentTeam(3, team.id)).resolves.toBeNull();
    await expect(access.currentTeam(1, team.id)).resolves.toEqual({ id: team.id, name: 'Acme', image: null, role: 'owner' });
  });

  it('splits members into active and running invitations, keyed by user id; an invitation leaves the map once it lapses', async () => {
    const access = service();
    const { multiAccounts } = await access.overviewOf(1);
    expect(Object.keys(multiAccounts[team.id].members.active)).toEqual(['1', '2']);
    expect(multiAccounts[team.id].members.active[2]).toEqual({
      tid: team.id,
      uid: 2,
      username: 'member2',
      first_name: 'Test',
      image: null,
      role: 'analyst',
      since: '2026-11-20T08:00:00.000Z',
    });
    expect(Object.keys(multiAccounts[team.id].members.invited)).toEqual(['3']);
    expect(multiAccounts[team.id]).toMatchObject({ role: 'owner', credits: 12, allowWithdraw: false });

    jest.setSystemTime(NOW + HOUR + 1);
    expect((await access.overviewOf(1)).multiAccounts[team.id].members.invited).toEqual({});
  });

  it('an invited member sees an invitation, not the team; a lapsed one sees neither', async () => {
    const access = service();
    const invited = await access.overviewOf(3);
    expect(invited.multiAccounts).toEqual({});
    expect(invited.invitations).toEqual([
      {
        team: { id: team.id, name: 'Acme', image: null },
        role: 'analyst',
        invitedBy: { id: 1, username: 'member1' },
        invitedAt: new Date(NOW - HOUR).toISOString(),
        expiresAt: new Date(NOW + HOUR).toISOString(),
      },
    ]);
    expect(await access.overviewOf(4)).toEqual({ multiAccounts: {}, invitations: [] });
  });
});
