import type { ScreenName } from '@shared/routing/routes.js';
import { lazyScreen } from './lazyScreen.js';

/** Every screen is its own lazily loaded chunk. */
export const SCREENS: Record<ScreenName, ReturnType<typeof lazyScreen>> = {
  dashboard: lazyScreen(() => import('../pages/DashboardPage.js')),
  settings: lazyScreen(() => import('../pages/SettingsPage.js')),
  getStarted: lazyScreen(() => import('../pages/GetStartedPage.js')),
  setupExistingUser: lazyScreen(() => import('../pages/SetupExistingUserPage.js')),
  referrals: lazyScreen(() => import('../pages/ReferralsPage.js')),
  admin: lazyScreen(() => import('../pages/AdminPage.js')),
  notifications: lazyScreen(() => import('../pages/NotificationsPage.js')),
  billing: lazyScreen(() => import('../pages/BillingPage.js')),
  ownProfile: lazyScreen(() => import('../pages/OwnProfilePage.js')),
  tags: lazyScreen(() => import('../pages/TagsPage.js')),
  bookmarkedPosts: lazyScreen(() => import('../pages/BookmarkedPostsPage.js')),
  groups: lazyScreen(() => import('../pages/GroupsPage.js')),
  groupJoin: lazyScreen(() => import('../pages/GroupJoinPage.js')),
  userSearch: lazyScreen(() => import('../pages/UserSearchPage.js')),
  publicProfile: lazyScreen(() => import('../pages/PublicProfilePage.js')),
  post: lazyScreen(() => import('../pages/PostPage.js')),
  emailSettings: lazyScreen(() => import('../pages/EmailSettingsPage.js')),
  paymentReceipt: lazyScreen(() => import('../pages/PaymentReceiptPage.js')),
  orderReceipt: lazyScreen(() => import('../pages/OrderReceiptPage.js')),
  landing: lazyScreen(() => import('../pages/LandingPage.js')),
  passwordReset: lazyScreen(() => import('../pages/PasswordResetPage.js')),
  passwordResetToken: lazyScreen(() => import('../pages/PasswordResetTokenPage.js')),
  terms: lazyScreen(() => import('../pages/TermsPage.js')),
  privacy: lazyScreen(() => import('../pages/PrivacyPage.js')),
  upgradeComplete: lazyScreen(() => import('../pages/UpgradeCompletePage.js')),
  login: lazyScreen(() => import('../pages/LoginPage.js')),
  loginMulti: lazyScreen(() => import('../pages/LoginMultiPage.js')),
  logout: lazyScreen(() => import('../pages/LogoutPage.js')),
  maintenance: lazyScreen(() => import('../pages/MaintenancePage.js')),
  signup: lazyScreen(() => import('../pages/SignupPage.js')),
  contact: lazyScreen(() => import('../pages/ContactPage.js')),
  setup: lazyScreen(() => import('../pages/SetupPage.js')),
  teamInvite: lazyScreen(() => import('../pages/TeamInvitePage.js')),
};

export const NotFoundScreen = lazyScreen(() => import('../pages/NotFoundPage.js'));
