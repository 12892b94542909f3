import { NavLink } from 'react-router-dom';
import './tabs.css';

export interface TabLink {
  to: string;
  label: string;
  /** Active only on exactly this path, not below it. */
  end?: boolean;
}

/** Sub-navigation as links: each tab is an address, and the current one has aria-current="page". */
export function TabLinks({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  return (
    <nav aria-label={label} className="tabs-nav">
      <ul className="tabs">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end={tab.end ?? true}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
