import { TEAM_AUDIT_LABELS, TEAM_CAMPAIGN_CHANGE_LABELS, TEAM_ROLE_LABELS, type TeamAuditItem } from '@shared/teams/teams.js';
import { DELETED_POST_TITLE } from '@shared/campaigns/post-title.js';
import { plural } from '../campaigns/campaignStatus.js';

/** One audit row in words: what was done, and to whom or how much, e.g. "Changed a role: @bob, analyst → manager". */
export function auditText(item: TeamAuditItem): string {
  const { target, role, fromRole, amount, name, pid, campaign, dailyViewCap } = item.details;
  const parts: string[] = [];
  if (target) parts.push(`@${target.username}`);
  if (fromRole && role) parts.push(`${TEAM_ROLE_LABELS[fromRole].toLowerCase()} → ${TEAM_ROLE_LABELS[role].toLowerCase()}`);
  else if (role) parts.push(`as ${TEAM_ROLE_LABELS[role].toLowerCase()}`);
  if (name !== undefined) parts.push(`named “${name}”`);
  if (campaign !== undefined) parts.push(TEAM_CAMPAIGN_CHANGE_LABELS[campaign]);
  if (pid !== undefined) parts.push(`“${item.postTitle ?? DELETED_POST_TITLE}”`);
  if (amount !== undefined) parts.push(plural(amount, 'credit'));
  if (dailyViewCap !== undefined) parts.push(dailyViewCap === null ? 'no daily cap' : `${plural(dailyViewCap, 'view')} a day`);
  const label = TEAM_AUDIT_LABELS[item.action];
  return parts.length > 0 ? `${label}: ${parts.join(', ')}` : label;
}
