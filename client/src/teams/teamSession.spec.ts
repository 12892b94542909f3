import type { MultiAccount, TeamInvitedMember, TeamMember, TeamMembers } from '@shared/teams/teams.js';
import {
  activeMembersInOrder,
  balanceInSentence,
  balanceLabel,
  invitedMembersInOrder,
  ownerCount,
  postsHeading,
  shownCredits,
  teamAfterStart,
  teamsByName,
} from './teamSession.js';

const member = (uid: number, username: string, role: TeamMember['role']): TeamMember => ({
  tid: 1,
  uid,
  username,
  first_name: username,
  image: null,
  role,
  since: '2026-11-01T00:00:00.000Z',
});
const invited = (uid: number, invitedAt: string): TeamInvitedMember => ({
  tid: 1,
  uid,
  username: `u${uid}`,
  first_name: `U${uid}`,
  image: null,
  role: 'analyst',
  invitedBy: 1,
  invitedAt,
  expiresAt: '2026-12-01T00:00:00.000Z',
});
const team = (id: number, name: string, credits = 0, members: TeamMembers = { active: {}, invited: {} }): MultiAccount => ({
  id,
  name,
  image: null,
  role: 'owner',
  credits,
  allowWithdraw: false,
  members,
});
const member7 = (team: number | null) => ({
  id: 7,
  currentTeam: team === null ? null : { id: team, name: 'Team', image: null, role: 'owner' as const },
});

describe('the current team after /data/start', () => {
  it('acts for the team the server confirmed', () => {
    expect(teamAfterStart(4, 7, member7(4))).toEqual({ teamId: 4, dropped: false });
  });

  it('drops a team the tab asked for and the server did not confirm, and says so', () => {
    expect(teamAfterStart(4, 7, member7(null))).toEqual({ teamId: null, dropped: true });
    // The first start of a tab (a team kept in local storage on https) too.
    expect(teamAfterStart(4, null, member7(null))).toEqual({ teamId: null, dropped: true });
  });

  it('acts for the member when no team was asked for, without a word', () => {
    expect(teamAfterStart(null, 7, member7(null))).toEqual({ teamId: null, dropped: false });
  });

  it("forgets the previous account's team quietly when another account signs in in its place", () => {
    expect(teamAfterStart(4, 9, member7(null))).toEqual({ teamId: null, dropped: false });
  });

  it('forgets the team quietly for a visitor (logged out)', () => {
    expect(teamAfterStart(4, 7, null)).toEqual({ teamId: null, dropped: false });
  });
});

describe('team lists', () => {
  it('orders teams by name, then id', () => {
    const teams = { 5: team(5, 'Gamma'), 3: team(3, 'Beta'), 1: team(1, 'alpha'), 2: team(2, 'Gamma') };
    expect(teamsByName(teams).map((entry) => entry.id)).toEqual([1, 3, 2, 5]);
  });

  it('lists owners first, then managers, then analysts, each by username; counts the owners', () => {
    const members: TeamMembers = {
      active: {
        5: member(5, 'zed', 'analyst'),
        6: member(6, 'amy', 'manager'),
        7: member(7, 'bob', 'owner'),
        8: member(8, 'al', 'analyst'),
      },
      invited: {},
    };
    expect(activeMembersInOrder(members).map((entry) => entry.username)).toEqual(['bob', 'amy', 'al', 'zed']);
    expect(ownerCount(members)).toBe(1);
  });

  it('lists invitations newest first', () => {
    const members: TeamMembers = {
      active: {},
      invited: { 9: invited(9, '2026-11-02T00:00:00.000Z'), 10: invited(10, '2026-11-03T00:00:00.000Z') },
    };
    expect(invitedMembersInOrder(members).map((entry) => entry.uid)).toEqual([10, 9]);
  });
});

describe('the credits the header shows', () => {
  const teams = { 4: team(4, 'Acme', 120) };

  it("shows the member's own count with no team current", () => {
    expect(shownCredits({ cc: 10, team: { id: 4, cc: 99 } }, null, teams)).toBe(10);
  });

  it("shows the current team's live count once one came for it", () => {
    expect(shownCredits({ cc: 10, team: { id: 4, cc: 99 } }, 4, teams)).toBe(99);
  });

  it("shows the team's balance from /data/start until a live count for that team comes", () => {
    expect(shownCredits({ cc: 10, team: null }, 4, teams)).toBe(120);
    expect(shownCredits({ cc: 10, team: { id: 5, cc: 7 } }, 4, teams)).toBe(120);
  });

  it('shows nothing for a team it knows nothing of yet', () => {
    expect(shownCredits({ cc: 10, team: null }, 8, teams)).toBeNull();
  });

  it('names the balance after the account', () => {
    expect(balanceLabel(null)).toBe('Your balance');
    expect(balanceLabel({ name: 'Acme' })).toBe('Balance of the team Acme');
  });

  it('says whose balance credits go back to, and whose posts are listed, after the account acted for', () => {
    expect(`3 credits went back to ${balanceInSentence(null)}.`).toBe('3 credits went back to your balance.');
    expect(`3 credits went back to ${balanceInSentence({ name: 'Acme' })}.`).toBe(
      '3 credits went back to the balance of the team Acme.',
    );
    expect(postsHeading(null)).toBe('Your posts');
    expect(postsHeading({ name: 'Acme' })).toBe('Posts of the team Acme');
  });
});
