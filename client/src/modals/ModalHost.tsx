import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { closeModalAtom, modalsAtom, type ModalEntry } from './modalsAtom.js';
import './modals.css';

/** Renders every open modal over the page (z-index 10000, with the modal transition times). */
export function ModalHost() {
  const modals = useAtomValue(modalsAtom);
  const entries = Object.entries(modals);
  if (entries.length === 0) return null;
  return (
    <>
      {entries.map(([id, modal], index) => (
        <ModalDialog key={id} id={id} modal={modal} topmost={index === entries.length - 1} />
      ))}
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Gives the focus back to the dialog's opener. When the list behind the dialog was drawn anew
 * while it was open (a live update), the opener is gone from the page: its twin of the same name
 * takes the focus, so keyboard users stay where they were.
 */
function returnFocus(opener: HTMLElement | null): void {
  if (!opener) return;
  if (opener.isConnected) {
    opener.focus();
    return;
  }
  const label = opener.getAttribute('aria-label');
  if (label) document.querySelector<HTMLElement>(`${opener.tagName}[aria-label="${CSS.escape(label)}"]`)?.focus();
}

function ModalDialog({ id, modal, topmost }: { id: string; modal: ModalEntry; topmost: boolean }) {
  const close = useSetAtom(closeModalAtom);
  const dialogRef = useRef<HTMLDivElement>(null);
  const canClose = !modal.dontAllowClose;
  const headingId = `${id}-heading`;

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    (dialog?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog)?.focus();
    return () => returnFocus(previouslyFocused);
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!topmost) return;
    if (event.key === 'Escape' && canClose) {
      event.stopPropagation();
      close({ id });
    }
    if (event.key === 'Tab') trapFocus(event, dialogRef.current);
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget || !canClose) return;
        // Keep the browser from moving focus to <body> after the dialog returned it to its opener.
        event.preventDefault();
        close({ id });
      }}
    >
      <div
        ref={dialogRef}
        className={`modal-dialog ${modal.className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={modal.header ? headingId : undefined}
        aria-label={modal.header ? undefined : 'Dialog'}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-modal-id={id}
      >
        {(modal.header || canClose) && (
          <div className="modal-header">
            <h2 id={headingId} className="modal-title">
              {modal.header}
            </h2>
            {canClose && (
              <button type="button" className="modal-close" aria-label="Close" onClick={() => close({ id })}>
                ×
              </button>
            )}
          </div>
        )}
        {modal.body !== undefined && <div className="modal-body">{modal.body}</div>}
        {!modal.noFooter && (
          <div className="modal-footer">
            {modal.footer ??
              (canClose && (
                <button type="button" className="button" onClick={() => close({ id })}>
                  Close
                </button>
              ))}
          </div>
        )}
      </div>
    </div>
  );
}

function trapFocus(event: React.KeyboardEvent, dialog: HTMLElement | null) {
  if (!dialog) return;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  if (focusable.length === 0) {
    event.preventDefault();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
