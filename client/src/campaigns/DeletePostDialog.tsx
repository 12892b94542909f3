import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { createActionKeys } from '../api/idempotencyKeys.js';
import { requestOnce } from '../api/requestOnce.js';
import { FormAlert } from '../forms/FormAlert.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { closeModalAtom, openModalAtom } from '../modals/modalsAtom.js';
import { plural } from './campaignStatus.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { balanceInSentence } from '../teams/teamSession.js';

/** Asks before deleting a post, and says where its unspent credits go. */
export function useConfirmDeletePost(onDeleted: (campaign: CampaignItem) => void): (campaign: CampaignItem) => void {
  const open = useSetAtom(openModalAtom);
  return (campaign) => {
    const id = `delete-post-${campaign.post.pid}`;
    open({
      id,
      header: 'Delete this post?',
      noFooter: true,
      body: <DeletePostDialog modalId={id} campaign={campaign} onDeleted={onDeleted} />,
    });
  };
}

function DeletePostDialog({
  modalId,
  campaign,
  onDeleted,
}: {
  modalId: string;
  campaign: CampaignItem;
  onDeleted: (campaign: CampaignItem) => void;
}) {
  const close = useSetAtom(closeModalAtom);
  const team = useAtomValue(currentTeamAtom);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [keys] = useState(createActionKeys);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    const result = await requestOnce<null>(
      { method: 'DELETE', path: `${CAMPAIGN_ENDPOINTS.post}/${campaign.post.pid}` },
      keys,
      'delete',
    );
    setBusy(false);
    if (isSuccess(result.status)) {
      close({ id: modalId, force: true });
      onDeleted(campaign);
    } else {
      setErrors(errorsOrFallback(result.errors, result.status));
    }
  };

  return (
    <div className="delete-dialog">
      <p>The post and its campaign are removed, and its address stops working.</p>
      <p>
        {campaign.credits > 0
          ? `Its ${plural(campaign.credits, 'unspent credit')} ${campaign.credits === 1 ? 'goes' : 'go'} back to ${balanceInSentence(team)}.`
          : 'Its campaign has no unspent credits.'}
      </p>
      <FormAlert errors={errors} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => close({ id: modalId })}>
          Keep the post
        </button>
        <button type="button" className="button button-danger" onClick={() => void confirm()} aria-disabled={busy || undefined}>
          {busy ? 'Deleting…' : 'Delete post'}
        </button>
      </div>
    </div>
  );
}
