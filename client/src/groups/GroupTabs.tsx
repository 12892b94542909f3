import { Link } from 'react-router-dom';
import { groupPath } from '@shared/groups/groups.js';
import '../tabs/tabs.css';

export type GroupTab = 'posts' | 'members';

const TABS: { tab: GroupTab; label: string }[] = [
  { tab: 'posts', label: 'Posts' },
  { tab: 'members', label: 'Members' },
];

/** The group page's tabs, chosen by `?tab=`: links, the current one marked for screen readers. */
export function GroupTabs({ slug, current }: { slug: string; current: GroupTab }) {
  return (
    <nav aria-label="Group sections" className="tabs-nav">
      <ul className="tabs">
        {TABS.map(({ tab, label }) => (
          <li key={tab}>
            <Link to={groupPath(slug, tab)} aria-current={tab === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
