import { Injectable } from '@nestjs/common';
import { PROTOCOL_VERSION, type StartAnswer, type StartUser } from '@shared/start/start.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { CountryLookup } from '../tracking/country-lookup.js';
import { AnnouncementsService } from '../announcements/announcements.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { TeamAccessService } from '../teams/team-access.service.js';
import { WebsiteSettingsService } from '../website/website-settings.service.js';

/** Everything the client needs to boot, in one call. */
@Injectable()
export class StartService {
  constructor(
    private readonly website: WebsiteSettingsService,
    private readonly announcements: AnnouncementsService,
    private readonly notifications: NotificationsService,
    private readonly countries: CountryLookup,
    private readonly teams: TeamAccessService,
  ) {}

  /** `team`: the checked current team (a stale header was already answered as none). */
  async start(auth: AuthContext | null, team: ActingTeam | null, address: string): Promise<StartAnswer> {
    const website = this.website.publicWebsite();
    const visitorCountry = this.countries.countryOf(address);
    if (!auth) {
      return {
        rufP: PROTOCOL_VERSION,
        website: { ...website, announcements: this.announcements.forVisitors() },
        user: null,
        users: {},
        uiNotifications: { unread: 0, latest: [], lastId: 0 },
        visitorCountry,
      };
    }
    const [announcements, uiNotifications, teams] = await Promise.all([
      this.announcements.forMember(auth.user.id),
      this.notifications.summary(auth.user.id),
      this.teams.overviewOf(auth.user.id),
    ]);
    const currentTeam = team ? teams.multiAccounts[team.id] : undefined;
    return {
      rufP: PROTOCOL_VERSION,
      website: { ...website, announcements: [] },
      user: {
        ...startUser(auth, announcements),
        currentTeam: currentTeam
          ? { id: currentTeam.id, name: currentTeam.name, image: currentTeam.image, role: currentTeam.role }
          : null,
        multiAccounts: teams.multiAccounts,
        teamInvitations: teams.invitations,
      },
      users: { [auth.user.id]: { u: auth.user.username } },
      uiNotifications,
      visitorCountry,
    };
  }
}

function startUser({ user, socketId }: AuthContext, announcements: StartUser['announcements']): StartUser {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    image: user.image,
    email: user.email,
    finishedGetStarted: user.finishedGetStarted,
    emailConfirmed: user.emailConfirmed,
    needsSetup: user.needsSetup,
    isAdmin: user.role === 'admin',
    announcements,
    currentTeam: null,
    socketId,
    multiAccounts: {},
    teamInvitations: [],
  };
}
