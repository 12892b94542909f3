import {
  Bell,
  Bookmark,
  ChartColumn,
  Coins,
  CreditCard,
  Gift,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  Settings,
  ShieldCheck,
  Tag,
  UserSearch,
  UsersRound,
} from 'lucide-react';
import { PATHS } from '@shared/routing/routes.js';
import { NOTIFICATIONS_PATH } from '../notifications/notificationsPageNumber.js';

export interface MenuLink {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** Active only on this exact address, not on the addresses under it. */
  end?: boolean;
}

/** The menu's first entries, in the order the product names them. */
export const PRIMARY_MENU_LINKS: readonly MenuLink[] = [
  { to: PATHS.home, label: 'Dashboard', Icon: LayoutDashboard, end: true },
  { to: PATHS.campaigns, label: 'Campaigns', Icon: Megaphone },
  { to: PATHS.earnCredits, label: 'Earn Credits', Icon: Coins },
  { to: PATHS.detailedStats, label: 'Detailed Stats', Icon: ChartColumn },
  { to: PATHS.settings, label: 'Settings', Icon: Settings },
];

/** The member's other pages, behind the menu's "More" entry. */
export const MORE_MENU_LINKS: readonly MenuLink[] = [
  { to: NOTIFICATIONS_PATH, label: 'Notifications', Icon: Bell },
  { to: PATHS.billing, label: 'Billing', Icon: CreditCard },
  { to: PATHS.referrals, label: 'Referrals', Icon: Gift },
  { to: PATHS.groups, label: 'Groups', Icon: UsersRound },
  { to: PATHS.tags, label: 'Tags', Icon: Tag },
  { to: PATHS.bookmarkedPosts, label: 'Bookmarks', Icon: Bookmark },
  { to: PATHS.userSearch, label: 'Find members', Icon: UserSearch },
];

/** Shown to administrators only. */
export const ADMIN_MENU_LINK: MenuLink = { to: PATHS.admin, label: 'Admin', Icon: ShieldCheck };

/** True when `pathname` is one of the links' pages or a page under one. */
export function isUnderOneOf(links: readonly MenuLink[], pathname: string): boolean {
  return links.some(({ to, end }) => pathname === to || (!end && pathname.startsWith(`${to}/`)));
}
