import type { ComponentProps } from 'react';
import { TextField } from '../forms/TextField.js';

/** What a one-field form says after a submit: a success line, or a refusal beside the field. */
export interface FormOutcome {
  ok: boolean;
  text: string;
  /** A refusal's page to go on from (e.g. the membership levels). */
  link?: string;
}

type WholeNumberFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'error' | 'announceError'> & {
  outcome: FormOutcome | null;
};

/**
 * The field of a one-field campaign form (its buttons as `children`, on the input's line) and
 * the form's outcome: a refusal is the field's error, announced as it appears; a success is
 * said in the status line below.
 */
export function WholeNumberField({ outcome, ...field }: WholeNumberFieldProps) {
  return (
    <>
      <TextField
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={outcome && !outcome.ok ? { message: outcome.text, ...(outcome.link ? { link: outcome.link } : {}) } : undefined}
        announceError
        {...field}
      />
      <p role="status" className="form-status">
        {outcome?.ok ? outcome.text : ''}
      </p>
    </>
  );
}
