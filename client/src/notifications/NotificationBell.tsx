import { useAtomValue } from 'jotai';
import { Bell } from 'lucide-react';
import { Link } from 'react-router-dom';
import { uiNotificationsAtom } from './uiNotificationsAtom.js';
import './notificationBell.css';

/** The unread counter in the member header; it follows live notifications in every tab. */
export function NotificationBell() {
  const { unread } = useAtomValue(uiNotificationsAtom);
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link to="/notifications" className="header-icon-link" aria-label={label} data-testid="notification-bell">
      <Bell aria-hidden="true" size={22} />
      {unread > 0 && (
        <span className="notification-count" aria-hidden="true" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
