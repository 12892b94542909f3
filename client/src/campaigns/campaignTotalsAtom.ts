import { atom } from 'jotai';
import { campaignTotals, type CampaignTotals } from './campaignStatus.js';
import { campaignsAtom } from './campaignsAtom.js';

/** The figures of all the member's campaigns together (null until the list is loaded), for the summaries. */
export const campaignTotalsAtom = atom<CampaignTotals | null>((get) => {
  const items = get(campaignsAtom);
  return items ? campaignTotals(items) : null;
});
campaignTotalsAtom.debugLabel = 'campaignTotals';
