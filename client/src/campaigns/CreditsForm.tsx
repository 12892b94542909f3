import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { CAMPAIGN_ENDPOINTS, creditAmountSchema, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { accountCreditsAtom } from '../teams/accountCreditsAtom.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { balanceLabel } from '../teams/teamSession.js';
import { apiErrorLink, apiErrorText } from './apiErrorText.js';
import { plural } from './campaignStatus.js';
import { createActionKeys } from '../api/idempotencyKeys.js';
import { creditAmountOf } from './postForm.js';
import { requestOnce } from '../api/requestOnce.js';
import { WholeNumberField, type FormOutcome } from './WholeNumberField.js';

type CreditAction = 'assign' | 'withdraw';

/** Moves credits between the member's balance and one campaign; refusals show beside the field. */
export function CreditsForm({ campaign, onChange }: { campaign: CampaignItem; onChange: (item: CampaignItem) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [keys] = useState(createActionKeys);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState<CreditAction | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const cc = useAtomValue(accountCreditsAtom);
  const team = useAtomValue(currentTeamAtom);
  const pid = campaign.post.pid;

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
      setAmount('');
      setOutcome({
        ok: true,
        text:
          action === 'assign'
            ? `${plural(credits, 'credit')} assigned to this campaign.`
            : `${plural(credits, 'credit')} went back to your balance.`,
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
        hint={
          <>
            {cc === null
              ? 'Move credits between your balance and this campaign.'
              : `${balanceLabel(team)}: ${plural(cc, 'credit')}.`}{' '}
            One credit pays for one view.
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
