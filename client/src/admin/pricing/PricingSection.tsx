import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AdminCreditPack, AdminMembershipLevel } from '@shared/admin/pricing.js';
import { formatPrice, plural } from '../../billing/billingFormat.js';
import { EmptyState } from '../../feedback/EmptyState.js';
import { PricingItemForm, type PricingItem } from './PricingItemForm.js';
import type { PricingKind } from './pricingFormValues.js';

interface Column {
  label: string;
  value: (item: PricingItem) => ReactNode;
}

const COLUMNS: Record<PricingKind, readonly Column[]> = {
  pack: [
    { label: 'Credits', value: (item) => (item as AdminCreditPack).credits.toLocaleString() },
    { label: 'Price', value: (item) => formatPrice(item) },
  ],
  level: [
    { label: 'Price', value: (item) => `${formatPrice(item)} / ${plural((item as AdminMembershipLevel).periodDays, 'day')}` },
    { label: 'Per view', value: (item) => (item as AdminMembershipLevel).creditsPerView.toLocaleString() },
    { label: 'Timer', value: (item) => `${(item as AdminMembershipLevel).surfTimerSeconds} s` },
    { label: 'Daily cap', value: (item) => (item as AdminMembershipLevel).dailyCap.toLocaleString() },
    { label: 'Campaigns', value: (item) => (item as AdminMembershipLevel).activeCampaigns.toLocaleString() },
    { label: 'Monthly', value: (item) => (item as AdminMembershipLevel).monthlyCredits.toLocaleString() },
  ],
};

const TEXT: Record<PricingKind, { heading: string; plural: string; add: string; note: string }> = {
  pack: {
    heading: 'Credit packs',
    plural: 'credit packs',
    add: 'Add a pack',
    note: 'Packs are never deleted, as orders refer to them: untick “For sale” to take one off the billing page. Orders already made keep the name, credits and price they were made with.',
  },
  level: {
    heading: 'Membership levels',
    plural: 'membership levels',
    add: 'Add a level',
    note: 'Levels are never deleted either: untick “For sale” to stop selling one, and its members keep it until their period ends. New benefits apply at once to every member who holds the level; a new period applies to purchases paid from then on, a new price to orders made from then on.',
  },
};

/** Which form is open: a new item's, or an item's by id. */
type Editing = 'new' | number | null;

/**
 * One kind's table (every item, for sale or not) with an Edit button per row, and the form that
 * button (or Add) opens under the table. Closing the form gives the focus back to the button that
 * opened it; saving says what changed in a status line that takes the focus.
 */
export function PricingSection({
  kind,
  items,
  onSaved,
}: {
  kind: PricingKind;
  items: readonly PricingItem[];
  onSaved: () => void;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [returnFocusTo, setReturnFocusTo] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const text = TEXT[kind];
  const headingId = `pricing-${kind}-heading`;
  const buttonId = (target: Editing) => `pricing-${kind}-${target === 'new' ? 'add' : `edit-${target}`}`;

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  useEffect(() => {
    if (returnFocusTo) document.getElementById(returnFocusTo)?.focus();
  }, [returnFocusTo]);

  const open = (target: Editing) => {
    setNotice(null);
    setReturnFocusTo(null);
    setEditing(target);
  };
  const cancel = () => {
    setReturnFocusTo(buttonId(editing));
    setEditing(null);
  };
  const saved = (item: PricingItem) => {
    setEditing(null);
    setNotice(`${editing === 'new' ? 'Added' : 'Saved'} “${item.name}”${item.active ? '' : ', not for sale'}.`);
    onSaved();
  };
  const editedItem = typeof editing === 'number' ? (items.find((item) => item.id === editing) ?? null) : null;

  return (
    <section aria-labelledby={headingId} className="pricing-section" data-testid={`pricing-${kind}s`}>
      <div className="admin-section-head">
        <h2 id={headingId} className="section-heading">
          {text.heading}
        </h2>
        <button
          id={buttonId('new')}
          type="button"
          className="button"
          aria-expanded={editing === 'new'}
          onClick={() => open('new')}
        >
          {text.add}
        </button>
      </div>
      <p className="pricing-note">{text.note}</p>
      <div ref={noticeRef} tabIndex={-1} role="status" className={notice ? 'status-message admin-notice' : undefined}>
        {notice && <p>{notice}</p>}
      </div>
      {items.length === 0 ? (
        <EmptyState title={`No ${text.plural} yet.`} />
      ) : (
        <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={text.heading}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                {COLUMNS[kind].map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col">Position</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid={`pricing-${kind}`}>
                  <th scope="row" className="admin-cell-wrap">
                    {item.name}
                  </th>
                  {COLUMNS[kind].map((column) => (
                    <td key={column.label}>{column.value(item)}</td>
                  ))}
                  <td>{item.position}</td>
                  <td>{item.active ? 'For sale' : 'Not for sale'}</td>
                  <td>
                    <button
                      id={buttonId(item.id)}
                      type="button"
                      className="button"
                      aria-label={`Edit ${item.name}`}
                      aria-expanded={editing === item.id}
                      onClick={() => open(item.id)}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(editing === 'new' || editedItem) && (
        <PricingItemForm key={String(editing)} kind={kind} item={editedItem} onSaved={saved} onCancel={cancel} />
      )}
    </section>
  );
}
