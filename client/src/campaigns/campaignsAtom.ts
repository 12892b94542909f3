import { atom } from 'jotai';
import type { CampaignCounters, CampaignItem } from '@shared/campaigns/campaigns.js';
import { putCampaign, removeCampaign, withCounters } from './campaignList.js';

/**
 * The member's posts with their campaigns, as the screen showing them loaded them (null until
 * then), kept current by the server's answers to the member's changes and by live pushes of
 * the figures.
 */
export const campaignsAtom = atom<CampaignItem[] | null>(null);
campaignsAtom.debugLabel = 'campaigns';

export const putCampaignAtom = atom(null, (get, set, item: CampaignItem) => {
  const items = get(campaignsAtom);
  if (items) set(campaignsAtom, putCampaign(items, item));
});

export const removeCampaignAtom = atom(null, (get, set, pid: number) => {
  const items = get(campaignsAtom);
  if (items) set(campaignsAtom, removeCampaign(items, pid));
});

/** A live push of the figures (views paid, or a change made in another tab); nothing to do before a list is loaded. */
export const receiveCampaignCountersAtom = atom(null, (get, set, counters: CampaignCounters[]) => {
  const items = get(campaignsAtom);
  if (items) set(campaignsAtom, withCounters(items, counters));
});
