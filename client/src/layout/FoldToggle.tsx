import { ChevronDown } from 'lucide-react';

/** The button that shows a folded bar whole, or folds it again; `what` names the bar for screen readers. */
export function FoldToggle({ expanded, what, onToggle }: { expanded: boolean; what: string; onToggle: () => void }) {
  return (
    <button type="button" className="fold-toggle" aria-expanded={expanded} aria-label={`Show all: ${what}`} onClick={onToggle}>
      <ChevronDown aria-hidden="true" size={20} />
    </button>
  );
}
