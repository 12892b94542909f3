import type { MediaObject } from '@shared/media/media.js';
import type { UserRole } from '../users/user.entity.js';

/** The signed-in user of a request or socket, as resolved from the session cookie. */
export interface AuthUser {
  id: number;
  username: string;
  firstName: string;
  email: string;
  role: UserRole;
  image: MediaObject | string | null;
  emailConfirmed: boolean;
  finishedGetStarted: boolean;
  needsSetup: boolean;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  socketId: string;
}
