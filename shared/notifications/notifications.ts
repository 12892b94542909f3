/** What a notification is about; each type has its own wording and link on the server. */
export type NotificationType =
  | 'referral_joined'
  | 'admin_message'
  | 'campaign_out_of_credits'
  | 'group_joined'
  | 'group_join_request'
  | 'group_request_accepted'
  | 'group_deleted'
  | 'risk_alert'
  | 'post_comment'
  | 'comment_mention'
  | 'new_follower'
  /** A team invited the member (link: the team invitations on /settings/multiAccounts). */
  | 'team_invite'
  /** The member was removed from a team. */
  | 'team_removed'
  /**
   * To admins: a refund or chargeback could not take back every credit of a purchase (they were
   * spent); link: the admin Payments tab's orders that need attention.
   */
  | 'billing_shortfall'
  /** An order of the member was refunded or charged back (link: the billing page). */
  | 'order_reversed'
  /** A commission on a referred member's purchase matured and was credited (link: /referrals). */
  | 'referral_commission'
  /** The earnings review did not count some of the member's views still in review, and why (link: /contact). */
  | 'earnings_voided'
  /** To admins: a post or comment got its first open report (link: the admin Reports queue). */
  | 'report_received';

export interface NotificationItem {
  id: number;
  type: NotificationType;
  heading: string;
  body: string;
  /** The page of the thing it is about, when there is one. */
  link: string | null;
  createdAt: string;
  read: boolean;
}

export interface NotificationsPage {
  items: NotificationItem[];
  page: number;
  pages: number;
  unread: number;
}

/** How many unread notifications /data/start and the catch-up carry in full. */
export const LATEST_NOTIFICATIONS = 5;

export const NOTIFICATION_ENDPOINTS = {
  list: '/data/notifications',
  /** + '/:id/read' */
  one: '/data/notifications',
  readAll: '/data/notifications/read-all',
  /** + '/:userId/notify' (admin) */
  adminNotifyUser: '/data/admin/users',
} as const;
