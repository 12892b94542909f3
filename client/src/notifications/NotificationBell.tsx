import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { uiNotificationsAtom } from './uiNotificationsAtom.js';

/** The unread counter in the member header; it follows live notifications in every tab. */
export function NotificationBell() {
  const { unread } = useAtomValue(uiNotificationsAtom);
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link to="/notifications" className="header-icon-link" aria-label={label} data-testid="notification-bell">
      <span aria-hidden="true">🔔</span>
      {unread > 0 && (
        <span className="badge" aria-hidden="true" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
