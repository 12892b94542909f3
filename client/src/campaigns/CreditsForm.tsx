import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { CAMPAIGN_ENDPOINTS, creditAmountSchema, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { availableNote } from '../credits/earningsFormat.js';
import { spendableCreditsAtom } from '../credits/spendableCreditsAtom.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { balanceInSentence } from '../teams/teamSession.js';
import { apiErrorLink, apiErrorText } from './apiErrorText.js';
import { plural } from './campaignStatus.js';
import { createActionKeys } from '../api/idempotencyKeys.js';
import { creditAmountOf } from './postForm.js';
import { requestOnce } from '../api/requestOnce.js';
import { WholeNumberField, type FormOutcome } from './WholeNumberField.js';

type CreditAction = 'assign' | 'withdraw';

/**
 * Moves credits between the account's balance (which the page shows once, above its list) and
 * one campaign; refusals show beside the field.
 * The member's own credits still in review cannot be assigned: the form says what is available
 * and stops there before asking the server. A team's balance has nothing in review.
 */
export function CreditsForm({ campaign, onChange }: { campaign: CampaignItem; onChange: (item: CampaignItem) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [keys] = useState(createActionKeys);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState<CreditAction | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const team = useAtomValue(currentTeamAtom);
  const spendable = useAtomValue(spendableCreditsAtom);
  const pid = campaign.post.pid;
  const ownSpendable = team ? null : spendable;
  const inReview = ownSpendable ? availableNote(ownSpendable) : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action: CreditAction = submitter?.value === 'withdraw' ? 'withdraw' : 'assign';
    const parsed = creditAmountSchema.safeParse({ amount: creditAmountOf(amount) });
    if (!parsed.success) {
      setOutcome({ ok: false, text: parsed.error.issues[0].message });
      inputRef.current?.focus();
      return;
    }
    const credits = parsed.data.amount;
    if (action === 'assign' && ownSpendable && ownSpendable.pending > 0 && credits > ownSpendable.available) {
      setOutcome({
        ok: false,
        text: `You can assign up to ${plural(ownSpendable.available, 'credit')} now: ${ownSpendable.pending.toLocaleString()} are still in review.`,
      });
      inputRef.current?.focus();
      return;
    }
    setBusy(action);
    setOutcome(null);
    const result = await requestOnce<CampaignItem>(
      { method: 'POST', path: `${CAMPAIGN_ENDPOINTS.campaign}/${pid}/${action}`, json: { amount: credits } },
      keys,
      `${action}:${credits}`,
    );
    setBusy(null);
    if (isSuccess(result.status) && result.data) {
      onChange(result.data);
      // Cleared for the next move, unless the member has already typed another amount meanwhile.
      setAmount((current) => (current === amount ? '' : current));
      setOutcome({
        ok: true,
        text:
          action === 'assign'
            ? `${plural(credits, 'credit')} assigned to this campaign.`
            : `${plural(credits, 'credit')} went back to ${balanceInSentence(team)}.`,
      });
    } else {
      setOutcome({ ok: false, text: apiErrorText(result.errors, result.status), link: apiErrorLink(result.errors) });
      inputRef.current?.focus();
    }
  };

  return (
    <form className="credits-form" onSubmit={(event) => void submit(event)} noValidate>
      <WholeNumberField
        ref={inputRef}
        label="Credits"
        name="amount"
        className="credits-field"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        max={ownSpendable ? ownSpendable.available : undefined}
        hint={
          <>
            Move credits between {balanceInSentence(team)} (shown above) and this campaign
            {inReview ? ` (${inReview})` : ''}. One credit pays for one view.
          </>
        }
        outcome={outcome}
      >
        <div className="credits-buttons">
          <button
            type="submit"
            name="action"
            value="assign"
            className="button button-primary"
            aria-disabled={busy ? true : undefined}
          >
            {busy === 'assign' ? 'Assigning…' : 'Assign'}
          </button>
          <button type="submit" name="action" value="withdraw" className="button" aria-disabled={busy ? true : undefined}>
            {busy === 'withdraw' ? 'Withdrawing…' : 'Withdraw'}
          </button>
        </div>
      </WholeNumberField>
    </form>
  );
}
