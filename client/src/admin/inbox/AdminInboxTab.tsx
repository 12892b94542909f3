import { Link, useLocation } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import { CONTACT_ENDPOINTS, type ContactMessageSummary } from '@shared/contact/contact.js';
import { useApiData } from '../../api/useApiData.js';
import { PagedListState } from '../../feedback/PagedListState.js';
import { formatDateTime } from '../../format/dates.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { pageParam } from '../../routing/pageParam.js';
import { inboxPath, messageState } from './inboxState.js';

/** /admin/inbox: contact messages, newest first, with their unread / answered state; open one to read and reply. */
export function AdminInboxTab() {
  const page = pageParam(useLocation().search);
  const list = useApiData<Paged<ContactMessageSummary>>(`${CONTACT_ENDPOINTS.inbox}?page=${page}`);
  return (
    <section aria-labelledby="admin-inbox-heading">
      <div className="admin-section-head">
        <h2 id="admin-inbox-heading" className="section-heading">
          Inbox
        </h2>
        {list.data && <span className="muted">{list.data.total.toLocaleString()} messages</span>}
      </div>
      <PagedListState
        list={list}
        page={page}
        pathForPage={inboxPath}
        loadingLabel="Loading the messages…"
        emptyTitle="No messages yet."
        pagerLabel="Inbox pages"
      >
        {(data) => (
          <ul className="admin-announcements" data-testid="admin-inbox">
            {data.items.map((item) => {
              const state = messageState(item);
              return (
                <li key={item.id} className={`admin-announcement admin-inbox-${state.key}`} data-testid="admin-inbox-message">
                  <div className="admin-announcement-head">
                    <h3 className="admin-announcement-heading">
                      <Link to={ADMIN_PATHS.inboxMessage(item.id)}>{item.subject}</Link>
                    </h3>
                    <span className={`admin-state admin-inbox-state-${state.key}`}>{state.label}</span>
                  </div>
                  <p className="admin-inbox-from">
                    {item.name} &lt;{item.email}&gt;{item.user ? ` · member ${item.user.username}` : ''} ·{' '}
                    {formatDateTime(item.createdAt)}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </PagedListState>
    </section>
  );
}
