import type { ContactMessageSummary } from '@shared/contact/contact.js';
import { ADMIN_PATHS } from '../adminPaths.js';

/** A message's state in the inbox: answered beats read, read beats new. */
export function messageState(message: Pick<ContactMessageSummary, 'readAt' | 'answeredAt'>): {
  key: 'answered' | 'read' | 'unread';
  label: string;
} {
  if (message.answeredAt) return { key: 'answered', label: 'Answered' };
  if (message.readAt) return { key: 'read', label: 'Read' };
  return { key: 'unread', label: 'Unread' };
}

/** The inbox's address for a page (the first page has none). */
export function inboxPath(page = 1): string {
  return page > 1 ? `${ADMIN_PATHS.inbox}?page=${page}` : ADMIN_PATHS.inbox;
}
