import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { dismissToastAtom, toastsAtom, type Toast } from './toastsAtom.js';
import './toasts.css';

const TOAST_LIFETIME_MS = 8000;

/** Notifications from API errors and, later, live events; announced to screen readers. */
export function ToastHost() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toasts" role="region" aria-label="Notifications" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useSetAtom(dismissToastAtom);
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(toast.id), TOAST_LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [dismiss, toast.id]);
  return (
    <div className="toast" role="status">
      <div className="toast-header">
        <strong>{toast.header}</strong>
        <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
          ×
        </button>
      </div>
      <div className="toast-body">
        <p>{toast.body}</p>
        {toast.link &&
          (toast.link.startsWith('/') && !toast.link.startsWith('//') ? (
            <Link className="button button-small" to={toast.link} onClick={() => dismiss(toast.id)}>
              Click here
            </Link>
          ) : (
            <a className="button button-small" href={toast.link} rel="noopener noreferrer">
              Click here
            </a>
          ))}
      </div>
    </div>
  );
}
