import { Injectable } from '@nestjs/common';
import { PROTOCOL_VERSION, type StartAnswer } from '@shared/start/start.js';
import { WebsiteSettingsService } from '../website/website-settings.service.js';

/** Everything the client needs to boot, in one call. */
@Injectable()
export class StartService {
  constructor(private readonly website: WebsiteSettingsService) {}

  start(): StartAnswer {
    return {
      rufP: PROTOCOL_VERSION,
      website: this.website.publicWebsite(),
      user: null,
      users: {},
      uiNotifications: { unread: 0, latest: [] },
    };
  }
}
