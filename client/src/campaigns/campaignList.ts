import type { CampaignCounters, CampaignInvalidTraffic, CampaignItem } from '@shared/campaigns/campaigns.js';

/** Puts the server's answer for one campaign in place, or first when it is new. */
export function putCampaign(items: readonly CampaignItem[], item: CampaignItem): CampaignItem[] {
  const known = items.some((entry) => entry.post.pid === item.post.pid);
  return known ? items.map((entry) => (entry.post.pid === item.post.pid ? item : entry)) : [item, ...items];
}

export function removeCampaign(items: readonly CampaignItem[], pid: number): CampaignItem[] {
  return items.filter((entry) => entry.post.pid !== pid);
}

/**
 * The campaigns with the figures of a live push, matched by post id. Posts the push does not name
 * stay as they are, and figures of posts not in the list (created or deleted meanwhile) are
 * ignored. Answers the same array when nothing changed, so nothing renders again.
 */
export function withCounters(items: CampaignItem[], counters: readonly CampaignCounters[]): CampaignItem[] {
  const byPid = new Map(counters.map((entry) => [entry.pid, entry]));
  let changed = false;
  const next = items.map((item) => {
    const fresh = byPid.get(item.post.pid);
    if (!fresh || sameFigures(item, fresh)) return item;
    changed = true;
    const { pid: _pid, ...figures } = fresh;
    return { ...item, ...figures };
  });
  return changed ? next : items;
}

function sameFigures(item: CampaignItem, fresh: CampaignCounters): boolean {
  return (
    item.credits === fresh.credits &&
    item.status === fresh.status &&
    item.viewsToday === fresh.viewsToday &&
    item.viewsTotal === fresh.viewsTotal &&
    item.clicks === fresh.clicks &&
    item.clickRate === fresh.clickRate &&
    item.runsOutInDays === fresh.runsOutInDays &&
    item.lastViewAt === fresh.lastViewAt &&
    item.dailyViewCap === fresh.dailyViewCap &&
    sameInvalidTraffic(item.invalid, fresh.invalid)
  );
}

function sameInvalidTraffic(a: CampaignInvalidTraffic, b: CampaignInvalidTraffic): boolean {
  return (
    a.refunded === b.refunded &&
    a.creditsReturned === b.creditsReturned &&
    a.byReason.length === b.byReason.length &&
    a.byReason.every((entry, index) => entry.reason === b.byReason[index]!.reason && entry.views === b.byReason[index]!.views)
  );
}
