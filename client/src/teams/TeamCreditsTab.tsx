import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { ErrorCode } from '@shared/api/error-codes.js';
import { teamApiPath, teamRoleAllows, type TeamCreditsAnswer, type TeamDetail } from '@shared/teams/teams.js';
import { teamCreditsSchema } from '@shared/teams/team.schemas.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { reloadSession } from '../boot/sessionReload.js';
import { apiErrorText } from '../campaigns/apiErrorText.js';
import { plural } from '../campaigns/campaignStatus.js';
import { createActionKeys } from '../api/idempotencyKeys.js';
import { creditAmountOf } from '../campaigns/postForm.js';
import { requestOnce } from '../api/requestOnce.js';
import { WholeNumberField, type FormOutcome } from '../campaigns/WholeNumberField.js';
import { availableNote } from '../credits/earningsFormat.js';
import { spendableCreditsAtom } from '../credits/spendableCreditsAtom.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { liveDataAtom } from '../realtime/liveDataAtom.js';
import '../campaigns/campaigns.css';

type Move = 'deposit' | 'withdraw';

/**
 * Credits between the member and the team: any active member moves credits from their own
 * balance to the team's; owners and managers move them back out when the team allows it. Each
 * move is one server transaction, sent with an idempotency key so a retry applies once. The
 * member's credits still in review cannot be moved: the form says what is available and stops
 * there before asking the server.
 */
export function TeamCreditsTab({ team, onChange }: { team: TeamDetail; onChange: (team: TeamDetail) => void }) {
  const live = useAtomValue(liveDataAtom);
  const [keys] = useState(createActionKeys);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState<Move | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [memberCredits, setMemberCredits] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const mayWithdraw = teamRoleAllows(team.role, 'withdraw_credits');
  const ownCredits = memberCredits ?? live.cc;
  const spendable = useAtomValue(spendableCreditsAtom);
  const inReview = spendable ? availableNote(spendable) : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const move: Move = submitter?.value === 'withdraw' ? 'withdraw' : 'deposit';
    const parsed = teamCreditsSchema.safeParse({ amount: creditAmountOf(amount) });
    if (!parsed.success) {
      setOutcome({ ok: false, text: parsed.error.issues[0].message });
      inputRef.current?.focus();
      return;
    }
    const credits = parsed.data.amount;
    if (move === 'deposit' && spendable && spendable.pending > 0 && credits > spendable.available) {
      setOutcome({
        ok: false,
        text: `You can move up to ${plural(spendable.available, 'credit')} now: ${spendable.pending.toLocaleString()} are still in review.`,
      });
      inputRef.current?.focus();
      return;
    }
    setBusy(move);
    setOutcome(null);
    const result = await requestOnce<TeamCreditsAnswer>(
      { method: 'POST', path: teamApiPath(team.id, `/credits/${move}`), json: { amount: credits } },
      keys,
      `${team.id}:${move}:${credits}`,
    );
    setBusy(null);
    if (isSuccess(result.status) && result.data) {
      onChange({ ...team, credits: result.data.teamCredits });
      setMemberCredits(result.data.memberCredits);
      setAmount('');
      setOutcome({
        ok: true,
        text:
          move === 'deposit'
            ? `${plural(credits, 'credit')} moved to ${team.name}.`
            : `${plural(credits, 'credit')} moved to your own balance.`,
      });
      void reloadSession();
      return;
    }
    const text = apiErrorText(result.errors, result.status);
    setOutcome({
      ok: false,
      text: hasErrorCode(result.errors, ErrorCode.TeamWithdrawDisabled)
        ? `${text} An owner can allow it in the team's settings.`
        : text,
    });
    inputRef.current?.focus();
  };

  return (
    <section aria-labelledby="team-credits-heading" className="team-credits">
      <h3 id="team-credits-heading" className="section-heading">
        Credits
      </h3>
      <dl className="team-balances">
        <div>
          <dt>The team&apos;s balance</dt>
          <dd data-testid="team-balance">{plural(team.credits, 'credit')}</dd>
        </div>
        <div>
          <dt>Your own balance</dt>
          <dd data-testid="member-balance">
            {ownCredits === null ? '…' : plural(ownCredits, 'credit')}
            {inReview && <span className="muted team-balance-note"> ({inReview})</span>}
          </dd>
        </div>
      </dl>
      <form className="credits-form" onSubmit={(event) => void submit(event)} noValidate>
        <WholeNumberField
          ref={inputRef}
          label="Credits to move"
          name="amount"
          className="credits-field"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          max={spendable ? spendable.available : undefined}
          hint={
            mayWithdraw
              ? team.allowWithdraw
                ? 'Move credits from your balance to the team, or from the team back to yours.'
                : 'Move credits from your balance to the team. Moving them back out is turned off in the team’s settings.'
              : 'Move credits from your balance to the team. Only owners and managers can move them back out.'
          }
          outcome={outcome}
        >
          <div className="credits-buttons">
            <button
              type="submit"
              name="move"
              value="deposit"
              className="button button-primary"
              aria-disabled={busy !== null || undefined}
            >
              {busy === 'deposit' ? 'Moving…' : 'Move to the team'}
            </button>
            {mayWithdraw && team.allowWithdraw && (
              <button type="submit" name="move" value="withdraw" className="button" aria-disabled={busy !== null || undefined}>
                {busy === 'withdraw' ? 'Moving…' : 'Move to me'}
              </button>
            )}
          </div>
        </WholeNumberField>
      </form>
    </section>
  );
}
