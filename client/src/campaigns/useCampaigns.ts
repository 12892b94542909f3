import { useCallback, useState } from 'react';
import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { useApiData, type ApiFailure } from '../api/useApiData.js';

export interface Campaigns {
  items: CampaignItem[] | null;
  failure: ApiFailure | null;
  reload: () => void;
  /** Puts the server's answer for one campaign in place (or first, when it is new). */
  put: (item: CampaignItem) => void;
  remove: (pid: number) => void;
}

/** The member's posts with their campaigns; changes answered by the server apply in place. */
export function useCampaigns(): Campaigns {
  const loaded = useApiData<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
  const [local, setLocal] = useState<{ from: CampaignItem[] | null; items: CampaignItem[] | null }>({ from: null, items: null });
  if (local.from !== loaded.data) setLocal({ from: loaded.data, items: loaded.data });

  const put = useCallback((item: CampaignItem) => {
    setLocal((current) => {
      if (!current.items) return current;
      const known = current.items.some((entry) => entry.post.pid === item.post.pid);
      const items = known
        ? current.items.map((entry) => (entry.post.pid === item.post.pid ? item : entry))
        : [item, ...current.items];
      return { ...current, items };
    });
  }, []);
  const remove = useCallback((pid: number) => {
    setLocal((current) =>
      current.items ? { ...current, items: current.items.filter((entry) => entry.post.pid !== pid) } : current,
    );
  }, []);

  return {
    items: local.from === loaded.data ? local.items : loaded.data,
    failure: loaded.failure,
    reload: loaded.reload,
    put,
    remove,
  };
}
