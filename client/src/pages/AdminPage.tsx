import type { ReactElement } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ADMIN_USER_TABS, type AdminUserTab } from '@shared/admin/users.js';
import { AdminOverviewTab } from '../admin/AdminOverviewTab.js';
import { ADMIN_PATHS } from '../admin/adminPaths.js';
import { AnnouncementEditor } from '../admin/announcements/AnnouncementEditor.js';
import { AnnouncementsAdmin } from '../admin/announcements/AnnouncementsAdmin.js';
import { AdminInboxTab } from '../admin/inbox/AdminInboxTab.js';
import { ContactMessageView } from '../admin/inbox/ContactMessageView.js';
import { AdminPagesTab, SitePageEditor } from '../admin/pages/AdminPagesTab.js';
import { AdminPaymentsTab } from '../admin/payments/AdminPaymentsTab.js';
import { AdminErrorGroup } from '../admin/errors/AdminErrorGroup.js';
import { AdminErrorsTab } from '../admin/errors/AdminErrorsTab.js';
import { AdminFraudTab } from '../admin/fraud/AdminFraudTab.js';
import { AdminLedgerTab } from '../admin/ledger/AdminLedgerTab.js';
import { AdminPricingTab } from '../admin/pricing/AdminPricingTab.js';
import { AdminReportsTab } from '../admin/reports/AdminReportsTab.js';
import { AdminSiteSettingsTab } from '../admin/settings/AdminSiteSettingsTab.js';
import { SettingsSectionLinks } from '../admin/settings/SettingsSectionLinks.js';
import { AdminAuditTab } from '../admin/users/AdminAuditTab.js';
import { AdminUserPage } from '../admin/users/AdminUserPage.js';
import { AdminUsersTab } from '../admin/users/AdminUsersTab.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { TabLinks } from '../tabs/TabLinks.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../admin/admin.css';

const ADMIN_TABS = [
  { to: ADMIN_PATHS.overview, label: 'Overview' },
  { to: ADMIN_PATHS.announcements, label: 'Announcements', end: false },
  { to: ADMIN_PATHS.payments, label: 'Payments' },
  { to: ADMIN_PATHS.inbox, label: 'Inbox', end: false },
  { to: ADMIN_PATHS.pages, label: 'Pages', end: false },
  { to: ADMIN_PATHS.errors, label: 'Errors', end: false },
  { to: ADMIN_PATHS.ledger, label: 'Ledger' },
  { to: ADMIN_PATHS.settings, label: 'Settings', end: false },
  { to: ADMIN_PATHS.users, label: 'Users', end: false },
  { to: ADMIN_PATHS.fraud, label: 'Fraud' },
  { to: ADMIN_PATHS.reports, label: 'Reports' },
  { to: ADMIN_PATHS.audit, label: 'Audit' },
];

function adminSection(
  tab: string | undefined,
  uid: string | undefined,
  tab2: string | undefined,
  search: string,
): { title: string; screen: ReactElement } {
  if (!tab) return { title: 'Admin', screen: <AdminOverviewTab /> };
  if (tab === 'announcements' && !tab2) {
    if (!uid) return { title: 'Announcements · Admin', screen: <AnnouncementsAdmin /> };
    if (uid === 'new') return { title: 'New announcement · Admin', screen: <AnnouncementEditor id={null} /> };
    if (/^\d{1,9}$/.test(uid))
      return { title: 'Edit announcement · Admin', screen: <AnnouncementEditor key={uid} id={Number(uid)} /> };
  }
  if (tab === 'payments' && !uid && !tab2) return { title: 'Payments · Admin', screen: <AdminPaymentsTab /> };
  if (tab === 'inbox' && !tab2) {
    if (!uid) return { title: 'Inbox · Admin', screen: <AdminInboxTab /> };
    if (/^\d{1,9}$/.test(uid)) return { title: 'Message · Admin', screen: <ContactMessageView key={uid} id={Number(uid)} /> };
  }
  if (tab === 'pages' && !tab2) {
    if (!uid) return { title: 'Pages · Admin', screen: <AdminPagesTab /> };
    if (uid === 'terms' || uid === 'privacy')
      return { title: 'Edit page · Admin', screen: <SitePageEditor key={uid} slug={uid} /> };
  }
  if (tab === 'errors' && !tab2) {
    if (!uid) return { title: 'Errors · Admin', screen: <AdminErrorsTab /> };
    if (/^[0-9a-f]{16}$/.test(uid)) return { title: 'Error · Admin', screen: <AdminErrorGroup key={uid} fingerprint={uid} /> };
  }
  if (tab === 'ledger' && !uid && !tab2) return { title: 'Ledger · Admin', screen: <AdminLedgerTab /> };
  if (tab === 'settings' && !tab2 && (!uid || uid === 'pricing')) {
    const pricing = uid === 'pricing';
    return {
      title: pricing ? 'Pricing · Admin' : 'Site settings · Admin',
      screen: (
        <>
          <SettingsSectionLinks />
          {pricing ? <AdminPricingTab /> : <AdminSiteSettingsTab />}
        </>
      ),
    };
  }
  if (tab === 'users') {
    if (!uid && !tab2) return { title: 'Users · Admin', screen: <AdminUsersTab /> };
    const userTab = tab2 && (ADMIN_USER_TABS as readonly string[]).includes(tab2) ? (tab2 as AdminUserTab) : null;
    if (uid && /^\d{1,9}$/.test(uid) && (!tab2 || userTab))
      return {
        title: 'Member · Admin',
        screen: <AdminUserPage key={uid} id={Number(uid)} tab={userTab} search={search} />,
      };
  }
  if (tab === 'fraud' && !uid && !tab2) return { title: 'Fraud queue · Admin', screen: <AdminFraudTab /> };
  if (tab === 'reports' && !uid && !tab2) return { title: 'Reports · Admin', screen: <AdminReportsTab /> };
  if (tab === 'audit' && !uid && !tab2) return { title: 'Audit log · Admin', screen: <AdminAuditTab /> };
  return {
    title: 'Admin',
    screen: (
      <EmptyState title="There is no such part of the admin area.">
        <Link to={ADMIN_PATHS.overview}>Go to the overview</Link>
      </EmptyState>
    ),
  };
}

/** The admin area (RouteGate already keeps everyone else out): /admin/:tab?/:uid?/:tab2?. */
export default function AdminPage() {
  const { tab, uid, tab2 } = useParams();
  const { search } = useLocation();
  const { title, screen } = adminSection(tab, uid, tab2, search);
  usePageTitle(title);
  return (
    <div className="page admin">
      <h1>Admin</h1>
      <TabLinks label="Admin sections" tabs={ADMIN_TABS} />
      {screen}
    </div>
  );
}
