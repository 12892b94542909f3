import { useState, type FormEvent } from 'react';
import { CAMPAIGN_ENDPOINTS, campaignSettingsSchema, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { api } from '../api/api.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { apiErrorText } from './apiErrorText.js';
import { creditAmountOf } from './postForm.js';
import { WholeNumberField, type FormOutcome } from './WholeNumberField.js';

const CAP_MESSAGE = 'Enter a whole number from 1 to 100,000, or leave it empty for no cap.';

/** The campaign's daily view cap: at most this many views a day; empty for none. */
export function DailyCapForm({ campaign, onChange }: { campaign: CampaignItem; onChange: (item: CampaignItem) => void }) {
  const [value, setValue] = useState(campaign.dailyViewCap === null ? '' : String(campaign.dailyViewCap));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const dailyViewCap = value.trim() === '' ? null : creditAmountOf(value);
    if (!campaignSettingsSchema.safeParse({ dailyViewCap }).success) {
      setOutcome({ ok: false, text: CAP_MESSAGE });
      return;
    }
    setBusy(true);
    setOutcome(null);
    const result = await api.request<CampaignItem>({
      method: 'POST',
      path: `${CAMPAIGN_ENDPOINTS.campaign}/${campaign.post.pid}/settings`,
      json: { dailyViewCap },
    });
    setBusy(false);
    if (isSuccess(result.status) && result.data) {
      onChange(result.data);
      setOutcome({
        ok: true,
        text: dailyViewCap === null ? 'Saved: no daily cap.' : `Saved: at most ${dailyViewCap.toLocaleString()} views a day.`,
      });
    } else {
      setOutcome({ ok: false, text: apiErrorText(result.errors, result.status) });
    }
  };

  return (
    <form className="cap-form" onSubmit={(event) => void submit(event)} noValidate>
      <WholeNumberField
        label="Daily view cap"
        name="dailyViewCap"
        hint="Views a day at most. Leave it empty for no cap."
        value={value}
        onChange={(event) => setValue(event.target.value)}
        outcome={outcome}
      >
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : 'Save cap'}
        </button>
      </WholeNumberField>
    </form>
  );
}
