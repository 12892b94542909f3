import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { uiNotificationsAtom } from './uiNotificationsAtom.js';
import './notificationBell.css';

/** The unread counter in the member header; it follows live notifications in every tab. */
export function NotificationBell() {
  const { unread } = useAtomValue(uiNotificationsAtom);
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link to="/notifications" className="header-icon-link" aria-label={label} data-testid="notification-bell">
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {unread > 0 && (
        <span className="notification-count" aria-hidden="true" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
