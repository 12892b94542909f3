import { AnnouncementEntity } from '../announcements/announcement.entity.js';
import { NotificationEntity } from '../notifications/notification.entity.js';
import { AccountTokenEntity } from '../account-tokens/account-token.entity.js';
import { ClientErrorEntity } from '../client-errors/client-error.entity.js';
import { MailOutboxEntity } from '../mail/mail-outbox.entity.js';
import { MediaEntity } from '../media/media.entity.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { WebsiteSettingsEntity } from '../website/website-settings.entity.js';

/** Every entity, listed once for the app and the migration CLI. */
export const ENTITIES = [
  WebsiteSettingsEntity,
  ClientErrorEntity,
  UserEntity,
  SessionEntity,
  AccountTokenEntity,
  MailOutboxEntity,
  MediaEntity,
  NotificationEntity,
  AnnouncementEntity,
];
