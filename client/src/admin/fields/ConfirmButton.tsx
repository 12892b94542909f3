import { useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import type { ApiResult } from '../../api/apiClient.js';
import { closeModalAtom, openModalAtom } from '../../modals/modalsAtom.js';

interface ConfirmButtonProps {
  label: string;
  /** The button's name for screen readers when its label alone is ambiguous (e.g. one per row). */
  accessibleLabel?: string;
  header: string;
  body: ReactNode;
  /** Extra classes, e.g. `button-small` in a list's rows. */
  className?: string;
  run: () => Promise<ApiResult<unknown>>;
  onResult: (result: ApiResult<unknown>) => void;
}

interface Confirmation {
  id: string;
  header: string;
  body: ReactNode;
  /** The confirming button's words, e.g. "Take credits". */
  label: string;
  onConfirm: () => void;
}

/** Opens a dialog that asks first: Cancel, or the danger button that closes it and calls `onConfirm`. */
export function useConfirm(): (confirmation: Confirmation) => void {
  const openModal = useSetAtom(openModalAtom);
  const closeModal = useSetAtom(closeModalAtom);
  return ({ id, header, body, label, onConfirm }) =>
    openModal({
      id,
      header,
      body,
      footer: (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => closeModal({ id })}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger-solid"
            onClick={() => {
              closeModal({ id });
              onConfirm();
            }}
          >
            {label}
          </button>
        </div>
      ),
    });
}

/** An admin action that asks first, in a dialog, and runs its call on confirmation; it does nothing while the call runs. */
export function ConfirmButton({ label, accessibleLabel, header, body, className, run, onResult }: ConfirmButtonProps) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const id = `admin-confirm-${(accessibleLabel ?? label).toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const open = () =>
    confirm({
      id,
      header,
      body,
      label,
      onConfirm: async () => {
        setBusy(true);
        const result = await run();
        setBusy(false);
        onResult(result);
      },
    });
  return (
    <button
      type="button"
      className={`button button-danger${className ? ` ${className}` : ''}`}
      aria-label={accessibleLabel}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) open();
      }}
    >
      {label}
    </button>
  );
}
