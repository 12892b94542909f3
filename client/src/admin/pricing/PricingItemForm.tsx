import { useEffect, useRef } from 'react';
import { ADMIN_PRICING_ENDPOINTS, type AdminCreditPack, type AdminMembershipLevel } from '@shared/admin/pricing.js';
import { api } from '../../api/api.js';
import { formatPrice } from '../../billing/billingFormat.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { SubmitButton } from '../../forms/SubmitButton.js';
import { TextField } from '../../forms/TextField.js';
import { useForm } from '../../forms/useForm.js';
import {
  KIND_FIELDS,
  emptyFormValues,
  formValuesOf,
  minorOfPrice,
  payloadOf,
  pricingFormErrors,
  type PricingFormValues,
  type PricingKind,
} from './pricingFormValues.js';

export type PricingItem = AdminCreditPack | AdminMembershipLevel;

const KIND_NAMES: Record<PricingKind, string> = { pack: 'credit pack', level: 'membership level' };

/**
 * Adds a pack or level (`item` null) or changes one. Its heading takes the focus when it opens,
 * so a keyboard user lands in the form; the shared schema checks each field as it is typed after
 * a first save, and the server's refusals show beside the field they name.
 */
export function PricingItemForm({
  kind,
  item,
  onSaved,
  onCancel,
}: {
  kind: PricingKind;
  item: PricingItem | null;
  onSaved: (saved: PricingItem) => void;
  onCancel: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<PricingFormValues, PricingItem>({
    initialValues: item ? formValuesOf(kind, item) : emptyFormValues(kind),
    validate: (values) => pricingFormErrors(kind, values),
    submit: (values) => {
      const payload = payloadOf(kind, values);
      if (kind === 'pack') {
        return item
          ? api.put<PricingItem>(ADMIN_PRICING_ENDPOINTS.pack(item.id), payload)
          : api.post<PricingItem>(ADMIN_PRICING_ENDPOINTS.packs, payload);
      }
      return item
        ? api.put<PricingItem>(ADMIN_PRICING_ENDPOINTS.level(item.id), payload)
        : api.post<PricingItem>(ADMIN_PRICING_ENDPOINTS.levels, payload);
    },
    onSuccess: (saved) => {
      if (saved) onSaved(saved);
    },
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const heading = item ? `Edit “${item.name}”` : `Add a ${KIND_NAMES[kind]}`;
  const headingId = `pricing-form-${kind}-heading`;
  const minor = minorOfPrice(form.values.amountMinor);
  const priceHint =
    Number.isNaN(minor) || minor <= 0
      ? 'Units and cents, such as 4.99.'
      : `Members see ${formatPrice({ amountMinor: minor, currency: form.values.currency.trim().toUpperCase() || 'USD' })}.`;

  return (
    <section className="pricing-form" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="pricing-form-heading">
        {heading}
      </h3>
      <form ref={form.formRef} className="form" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormAlert errors={form.formErrors} />
        <div className="pricing-form-fields">
          <TextField label="Name" autoComplete="off" maxLength={100} {...form.field('name')} />
          <TextField label="Price" hint={priceHint} inputMode="decimal" autoComplete="off" {...form.field('amountMinor')} />
          <TextField
            label="Currency"
            hint="Three letters, such as USD."
            autoComplete="off"
            maxLength={3}
            spellCheck={false}
            {...form.field('currency')}
          />
          {KIND_FIELDS[kind].map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              hint={field.hint}
              inputMode="numeric"
              autoComplete="off"
              {...form.field(field.name)}
            />
          ))}
          <TextField
            label="Position"
            hint="Listed smallest first."
            inputMode="numeric"
            autoComplete="off"
            {...form.field('position')}
          />
        </div>
        <label className="checkbox-row">
          <input
            type="checkbox"
            name="active"
            checked={form.values.active === 'true'}
            onChange={(event) => form.setValue('active', String(event.target.checked))}
          />
          <span>For sale: shown on the billing page</span>
        </label>
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Saving…">
            {item ? 'Save changes' : `Add ${KIND_NAMES[kind]}`}
          </SubmitButton>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
