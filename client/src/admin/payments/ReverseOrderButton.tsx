import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import { BILLING_ADMIN_ENDPOINTS, type AdminOrder } from '@shared/billing/billing.js';
import { createActionKeys } from '../../api/idempotencyKeys.js';
import { requestOnce } from '../../api/requestOnce.js';
import { errorsOrFallback } from '../../forms/fieldErrors.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { closeModalAtom, openModalAtom } from '../../modals/modalsAtom.js';
import { formatPrice } from './adminPaymentsQuery.js';

export type Reversal = 'refund' | 'chargeback';

const WORDS: Record<Reversal, { button: string; header: string; confirm: string; busy: string }> = {
  refund: { button: 'Refund', header: 'Refund this order?', confirm: 'Refund', busy: 'Refunding…' },
  chargeback: {
    button: 'Record chargeback',
    header: 'Record a chargeback?',
    confirm: 'Record chargeback',
    busy: 'Recording…',
  },
};

/** Refunds an order, or records the bank's chargeback, after a confirmation that says what it takes back. */
export function ReverseOrderButton({
  order,
  reversal,
  onReversed,
  onStale,
}: {
  order: AdminOrder;
  reversal: Reversal;
  onReversed: (order: AdminOrder, reversal: Reversal) => void;
  onStale: () => void;
}) {
  const openModal = useSetAtom(openModalAtom);
  const modalId = `${reversal}-order-${order.id}`;
  const price = formatPrice(order.amountMinor, order.currency);
  const what =
    order.kind === 'pack'
      ? `its ${order.credits.toLocaleString()} credits are taken back from ${order.teamName ? `the team ${order.teamName}` : order.username} (as many as are left)`
      : `the membership period it bought ends now`;
  const confirm = () =>
    openModal({
      id: modalId,
      header: WORDS[reversal].header,
      body:
        reversal === 'refund' ? (
          <p>
            {price} goes back to {order.username}’s card through the payment provider, and {what}.
          </p>
        ) : (
          <p>
            Record that {order.username}’s bank took back {price}: nothing is sent to the payment provider, and {what}.
          </p>
        ),
      footer: <ReverseActions modalId={modalId} order={order} reversal={reversal} onReversed={onReversed} onStale={onStale} />,
    });
  return (
    <button
      type="button"
      className={`button button-small${reversal === 'refund' ? ' button-danger' : ''}`}
      aria-label={`${WORDS[reversal].button}: ${order.itemName} of ${order.username}`}
      onClick={confirm}
    >
      {WORDS[reversal].button}
    </button>
  );
}

/** What an admin reads when the call is refused, by its code; other refusals keep the server's words. */
function explain(errors: readonly ApiError[]): ApiError[] {
  return errors.map((error) => {
    switch (error.code) {
      case ErrorCode.PaymentProviderFailed:
        return {
          ...error,
          message: 'The payment provider did not make the refund, so nothing was changed. Try again in a moment.',
        };
      case ErrorCode.OrderNotReversible:
        return { ...error, message: `${error.message} The list now shows the order as it is.` };
      default:
        return error;
    }
  });
}

function ReverseActions({
  modalId,
  order,
  reversal,
  onReversed,
  onStale,
}: {
  modalId: string;
  order: AdminOrder;
  reversal: Reversal;
  onReversed: (order: AdminOrder, reversal: Reversal) => void;
  onStale: () => void;
}) {
  const closeModal = useSetAtom(closeModalAtom);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [keys] = useState(createActionKeys);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    const path = reversal === 'refund' ? BILLING_ADMIN_ENDPOINTS.refund(order.id) : BILLING_ADMIN_ENDPOINTS.chargeback(order.id);
    const result = await requestOnce<AdminOrder>({ method: 'POST', path }, keys, reversal);
    setBusy(false);
    if (result.status >= 200 && result.status < 300 && result.data) {
      closeModal({ id: modalId });
      onReversed(result.data, reversal);
    } else {
      setErrors(explain(errorsOrFallback(result.errors, result.status)));
      // Someone else reversed it meanwhile: the list behind the dialog catches up.
      if (result.errors.some((error) => error.code === ErrorCode.OrderNotReversible)) onStale();
    }
  };
  return (
    <div className="end-announcement-actions">
      <FormAlert errors={errors} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => closeModal({ id: modalId })}>
          Cancel
        </button>
        <button type="button" className="button button-danger-solid" aria-disabled={busy || undefined} onClick={() => void run()}>
          {busy ? WORDS[reversal].busy : WORDS[reversal].confirm}
        </button>
      </div>
    </div>
  );
}
