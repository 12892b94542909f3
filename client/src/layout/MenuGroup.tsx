import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/**
 * A menu entry that shows or hides what belongs under it (the member's other pages, the
 * accounts to act for). It is a button styled like the links, so the closed rail names it
 * beside itself like them.
 */
export function MenuGroup({
  label,
  Icon,
  open,
  current = false,
  onToggle,
  children,
}: {
  label: string;
  Icon: LucideIcon;
  open: boolean;
  /** The current page is one of its entries: the closed rail, which hides them, marks the group instead. */
  current?: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const contentId = useId();
  return (
    <li className="side-menu-group">
      <button
        type="button"
        className={`side-menu-link ${current ? 'side-menu-group-current' : ''}`}
        aria-expanded={open}
        aria-controls={contentId}
        onClick={onToggle}
      >
        <span className="side-menu-icon">
          <Icon aria-hidden="true" size={20} />
        </span>
        <span className="side-menu-label">{label}</span>
        <ChevronDown aria-hidden="true" size={16} className="side-menu-chevron" />
      </button>
      <div id={contentId} className="side-menu-group-content" hidden={!open}>
        {children}
      </div>
    </li>
  );
}
