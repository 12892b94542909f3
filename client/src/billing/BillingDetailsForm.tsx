import { useState } from 'react';
import { BILLING_ENDPOINTS, billingDetailsSchema, type BillingDetails } from '@shared/billing/billing.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';

const FIELDS = ['company', 'address', 'vatId'] as const;

/** What the member's receipts print as the buyer besides their name and email: loaded, then the form. */
export function BillingDetailsSection() {
  const details = useApiData<BillingDetails>(BILLING_ENDPOINTS.details);
  return (
    <>
      <h3 className="billing-subheading">Details on your receipts</h3>
      {details.failure ? (
        <ErrorState failure={details.failure} onRetry={details.reload} />
      ) : !details.data ? (
        <LoadingState label="Loading your billing details…" />
      ) : (
        <BillingDetailsForm details={details.data} />
      )}
    </>
  );
}

function BillingDetailsForm({ details }: { details: BillingDetails }) {
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: { company: details.company ?? '', address: details.address ?? '', vatId: details.vatId ?? '' },
    validate: (values) => schemaFieldErrors(billingDetailsSchema, values, FIELDS),
    submit: (values) => api.put<BillingDetails>(BILLING_ENDPOINTS.details, values),
    onSuccess: () => setSaved(true),
  });
  return (
    <form
      ref={form.formRef}
      className="form form-narrow"
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        void form.handleSubmit(event);
      }}
    >
      <p className="muted">Your name and email are always on your receipts; add these if your company needs them.</p>
      <FormAlert errors={form.formErrors} />
      <TextField label="Company (optional)" autoComplete="organization" {...form.field('company')} />
      <TextField label="Billing address (optional)" autoComplete="street-address" {...form.field('address')} />
      <TextField label="VAT id (optional)" {...form.field('vatId')} />
      <div className="form-actions">
        <SubmitButton busy={form.submitting} busyLabel="Saving…">
          Save details
        </SubmitButton>
      </div>
      <p role="status" className="form-status">
        {saved ? 'Saved: your receipts show these details.' : ''}
      </p>
    </form>
  );
}
