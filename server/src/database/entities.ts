import { ClientErrorEntity } from '../client-errors/client-error.entity.js';
import { WebsiteSettingsEntity } from '../website/website-settings.entity.js';

/** Every entity, listed once for the app and the migration CLI. */
export const ENTITIES = [WebsiteSettingsEntity, ClientErrorEntity];
