import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import './tabs.css';

export interface TabLink {
  to: string;
  label: string;
  /** Active only on exactly this path, not below it. */
  end?: boolean;
}

/**
 * Sub-navigation as links: each tab is an address, and the current one has aria-current="page".
 * On a narrow screen the row scrolls sideways; the current tab is scrolled into sight.
 */
export function TabLinks({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    // Only the row scrolls (scrollIntoView would scroll the page too).
    const start = current.offsetLeft - row.offsetLeft;
    if (start < row.scrollLeft || start + current.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = start - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label={label} className="tabs-nav">
      <ul className="tabs" ref={list}>
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
