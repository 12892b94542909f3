import { useAtomValue, useSetAtom } from 'jotai';
import { useLayoutEffect } from 'react';
import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { useApiData, type ApiFailure } from '../api/useApiData.js';
import { campaignsAtom, putCampaignAtom, removeCampaignAtom } from './campaignsAtom.js';

export interface Campaigns {
  items: CampaignItem[] | null;
  failure: ApiFailure | null;
  reload: () => void;
  /** Puts the server's answer for one campaign in place (or first, when it is new). */
  put: (item: CampaignItem) => void;
  remove: (pid: number) => void;
}

/**
 * The member's posts with their campaigns, loaded afresh by each screen that shows them (until
 * then: loading, never another screen's or member's list) into campaignsAtom, where changes
 * answered by the server and live pushes of the figures apply in place.
 */
export function useCampaigns(): Campaigns {
  const loaded = useApiData<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
  const items = useAtomValue(campaignsAtom);
  const setItems = useSetAtom(campaignsAtom);
  // Before paint: a fresh load never shows the list it replaces, nor a moment of "loading".
  useLayoutEffect(() => setItems(loaded.data), [loaded.data, setItems]);
  return {
    items: loaded.data === null ? null : items,
    failure: loaded.failure,
    reload: loaded.reload,
    put: useSetAtom(putCampaignAtom),
    remove: useSetAtom(removeCampaignAtom),
  };
}
