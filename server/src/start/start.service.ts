import { Injectable } from '@nestjs/common';
import { PROTOCOL_VERSION, type StartAnswer, type StartUser } from '@shared/start/start.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { WebsiteSettingsService } from '../website/website-settings.service.js';

/** Everything the client needs to boot, in one call. */
@Injectable()
export class StartService {
  constructor(private readonly website: WebsiteSettingsService) {}

  start(auth: AuthContext | null): StartAnswer {
    return {
      rufP: PROTOCOL_VERSION,
      website: this.website.publicWebsite(),
      user: auth ? startUser(auth) : null,
      users: auth ? { [auth.user.id]: { u: auth.user.username } } : {},
      uiNotifications: { unread: 0, latest: [] },
    };
  }
}

function startUser({ user, socketId }: AuthContext): StartUser {
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
    announcements: [],
    currentTeam: null,
    socketId,
    multiAccounts: {},
  };
}
