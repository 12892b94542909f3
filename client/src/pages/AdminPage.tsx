import type { ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
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
import { AdminLedgerTab } from '../admin/ledger/AdminLedgerTab.js';
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
];

function adminSection(
  tab: string | undefined,
  uid: string | undefined,
  tab2: string | undefined,
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
  const { title, screen } = adminSection(tab, uid, tab2);
  usePageTitle(title);
  return (
    <div className="page admin">
      <h1>Admin</h1>
      <TabLinks label="Admin sections" tabs={ADMIN_TABS} />
      {screen}
    </div>
  );
}
