import { useRef, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationItem, NotificationType } from '@shared/notifications/notifications.js';
import { formatDateTime } from '../format/dates.js';

const TYPE_LABELS: Record<NotificationType, string> = {
  referral_joined: 'Referral',
  admin_message: 'From the team',
  campaign_out_of_credits: 'Campaign',
  group_joined: 'Group',
  group_join_request: 'Group',
  group_request_accepted: 'Group',
  group_deleted: 'Group',
  risk_alert: 'Account',
  post_comment: 'Comment',
  comment_mention: 'Mention',
  new_follower: 'Follower',
  team_invite: 'Team',
  team_removed: 'Team',
  billing_shortfall: 'Payments',
  order_reversed: 'Payments',
  referral_commission: 'Referral',
  earnings_voided: 'Earnings',
  report_received: 'Reports',
};

interface NotificationsListProps {
  items: readonly NotificationItem[];
  /** Marks one read; answers whether it worked. */
  onMarkRead: (id: number) => Promise<boolean>;
}

/** The notifications, unread ones marked; each links to what it is about and can be marked read. */
export function NotificationsList({ items, onMarkRead }: NotificationsListProps) {
  const itemRefs = useRef(new Map<number, HTMLLIElement>());

  const markRead = async (id: number) => {
    // The button goes away once read: keep keyboard focus on the notification it belonged to.
    const hadFocus = itemRefs.current.get(id)?.contains(document.activeElement) ?? false;
    if ((await onMarkRead(id)) && hadFocus) itemRefs.current.get(id)?.focus();
  };

  return (
    <ul className="notifications" data-testid="notifications-list">
      {items.map((item) => (
        <li
          key={item.id}
          ref={(element) => {
            if (element) itemRefs.current.set(item.id, element);
            else itemRefs.current.delete(item.id);
          }}
          tabIndex={-1}
          className={`notification${item.read ? '' : ' notification-unread'}`}
          data-testid="notification"
        >
          <h2 className="notification-heading">
            {item.link ? (
              <NotificationLink href={item.link} onOpen={item.read ? undefined : () => onMarkRead(item.id)}>
                {item.heading}
              </NotificationLink>
            ) : (
              item.heading
            )}
          </h2>
          <p className="notification-body">{item.body}</p>
          <div className="notification-meta">
            {!item.read && <span className="notification-unread-label">Unread</span>}
            <span>{TYPE_LABELS[item.type] ?? 'Notice'}</span>
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            {!item.read && (
              <button
                type="button"
                className="button button-small notification-mark"
                aria-label={`Mark as read: ${item.heading}`}
                onClick={() => void markRead(item.id)}
              >
                Mark as read
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

const isInAppPath = (href: string) => href.startsWith('/') && !href.startsWith('//');
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** Opening a notification's link marks it read; a link off the site waits for that before leaving. */
function NotificationLink({ href, onOpen, children }: { href: string; onOpen?: () => Promise<unknown>; children: ReactNode }) {
  if (isInAppPath(href)) {
    return (
      <Link to={href} onClick={() => void onOpen?.()}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      onClick={(event) => {
        if (!onOpen) return;
        if (opensElsewhere(event)) {
          void onOpen();
          return;
        }
        event.preventDefault();
        void onOpen().finally(() => window.location.assign(href));
      }}
    >
      {children}
    </a>
  );
}
