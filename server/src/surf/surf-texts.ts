import { PATHS } from '@shared/routing/routes.js';
import type {
  RiskEvidence,
  SurfClaimOutcome,
  SurfEmptyReason,
  SurfRiskSignal,
  SurfTicketRefusal,
} from '@shared/surf/surf-outcomes.js';
import type { NewNotification } from '../notifications/notifications.repository.js';

/** Every text of the surf bar, for people: code reads the codes they stand for. */

/** The headline above every post: what a credited view earns this member (their level's credits per view). */
export function surfHeadline(creditsPerView: number): string {
  const earns = creditsPerView === 1 ? '1 credit' : `${creditsPerView.toLocaleString('en')} credits`;
  return `View this post until the countdown ends, then press Next to earn ${earns}.`;
}

/** The headline while there is no post to view (it is not shown then, but the data always carries one). */
export const SURF_HEADLINE_EMPTY = 'View each post until the countdown ends, then press Next to earn credits.';

/** Shown with a challenged ticket's codes. */
export const CHALLENGE_PROMPT =
  'A quick check that a person is viewing: pick the code shown in the picture, then press Next. ' +
  'Leaving this view unanswered counts as a wrong answer.';

/** The challenge picture of a ticket that is not the member's open challenged one. */
export const NO_CHALLENGE = {
  heading: 'No challenge',
  message: 'This view has no code to pick, or it is already over.',
};

export const NOT_CONNECTED = {
  heading: 'Not connected',
  message: 'Earn Credits needs a live connection. Please wait a moment or reload the page.',
};

export const CLAIM_TEXTS = {
  unauthenticated: 'Please log in to earn credits.',
  unreadable: 'This click could not be read. Please reload the page.',
};

export function tooEarlyText(secondsLeft: number): string {
  return `Please wait until the countdown ends (${secondsLeft} s left).`;
}

export const REFUSAL_TEXTS: Record<Exclude<SurfTicketRefusal, 'too_early'>, string> = {
  not_yours: 'This view is not yours.',
  already_counted: 'This view has already been counted.',
  moved_to_other_tab: 'You opened Earn Credits in another tab; this view moved there.',
  closed_without_credit: 'This view cannot be counted any more.',
  other_tab: 'This view belongs to another tab or window. Please continue there.',
};

/** `earned`: the credits the view earned (a level's credits per view, within the daily cap). */
export function outcomeText(outcome: SurfClaimOutcome, dailyCap: number, earned: number): string {
  switch (outcome) {
    case 'credited':
      return earned > 1 ? `${earned} credits earned!` : 'Credit earned!';
    case 'scripted':
      return 'This click did not come from you pressing Next (a script or an automatic tool sent it). No credit for this view.';
    case 'unseen':
      return 'This post was not on screen (the tab was hidden or in the background). No credit for this view: keep the tab in front while you surf.';
    case 'wrong_code':
      return 'That was not the code shown. No credit for this view; the next post is on its way.';
    case 'rechecked':
      return 'Right code, thank you. After a wrong code one right answer is not enough: answer the next one right and your views earn again.';
    case 'stopped':
      return EARNING_STOPPED;
    case 'daily_cap':
      return dailyCapText(dailyCap);
    case 'paused':
      return 'Its owner paused this campaign just before your view counted. The next post is on its way.';
    case 'views_cap':
      return 'This campaign reached its views for today just before your view counted. The next post is on its way.';
    case 'out_of_credits':
      return 'This campaign ran out of credits just before your view counted. The next post is on its way.';
    case 'own_team':
      return "This post is your team's, and a team's campaigns never pay its own members. No credit for this view; the next post is on its way.";
  }
}

/** Why there is nothing to view; `later`: a post on offer becomes viewable again later (the answer says when). */
export function emptyText(reason: SurfEmptyReason, dailyCap: number, later: boolean): string {
  switch (reason) {
    case 'earning_blocked':
      return EARNING_STOPPED;
    case 'email_unconfirmed':
      return 'Confirm your email address to start earning: we sent you a link when you signed up. Surfing earns credits from then on.';
    case 'daily_cap':
      return dailyCapText(dailyCap);
    case 'no_posts':
      return later
        ? 'You have seen every post you can view for now: each post earns you a credit once a day, and campaigns have daily limits.'
        : 'There are no posts for you to view right now: nobody else is promoting a post in your languages.';
  }
}

/**
 * Why a member stopped earning and how to appeal. The same words whether the anti-cheat stopped
 * it or an admin did (the account keeps one flag, not who set it), so they name both causes.
 */
const EARNING_STOPPED =
  'Earning is paused on your account, so this view was not credited. Earning is paused when recent views look ' +
  'automated (scripted clicks, hidden tabs, machine-regular timing or wrong verification codes), or by our team. ' +
  `Your credits are safe. If a person was surfing, contact us at ${PATHS.contact} and we will look into it.`;

/** The cap counts credits earned by surfing (a membership level may earn more than one a view). */
function dailyCapText(dailyCap: number): string {
  return `You reached today's limit of ${dailyCap} ${dailyCap === 1 ? 'credit' : 'credits'} earned by surfing. Come back tomorrow!`;
}

/** To a post's writer when its campaign spends its last credit; `postTitle` names the post (postTitleOf). */
export function campaignOutOfCredits(postTitle: string): NewNotification {
  return {
    type: 'campaign_out_of_credits',
    heading: 'Campaign out of credits',
    body: `The campaign of your post “${postTitle}” has used all its credits and stopped. Add credits to keep it running.`,
    link: PATHS.campaigns,
  };
}

/** To the members who run a team's campaigns (owners, managers) when one of them runs out. */
export function teamCampaignOutOfCredits(teamName: string, postTitle: string): NewNotification {
  return {
    type: 'campaign_out_of_credits',
    heading: 'Team campaign out of credits',
    body: `The campaign of ${teamName}'s post “${postTitle}” has used all its credits and stopped. Act as the team to add credits.`,
    link: PATHS.campaigns,
  };
}

const SIGNAL_TEXTS: Record<SurfRiskSignal, string> = {
  scripted: 'scripted click',
  unseen: 'hidden tab',
  same_interval: 'same interval as earlier clicks',
  same_position: 'same point as earlier clicks',
  instant_claim: 'claimed instantly after the countdown',
  delay_mismatch: 'reported a longer click delay than the server saw',
  regular_delay: 'machine-regular click delays',
  no_break: 'hours without a break',
  shared_address: 'many accounts from one address',
  shared_device: 'many accounts from one device',
  wrong_code: 'wrong verification code',
  skipped_challenge: 'left a verification unanswered',
};

/** Admins' notice of a stopped member, with the claims that raised the score (when, which signals). */
export function riskAlert(userId: number, evidence: RiskEvidence[]): NewNotification {
  const claims = evidence.map(
    ({ at, signals, score }) =>
      `${new Date(at).toISOString()}: ${signals.map((signal) => SIGNAL_TEXTS[signal]).join(', ')} (score ${score})`,
  );
  return {
    type: 'risk_alert',
    heading: 'Earning stopped for a member',
    body: `Member #${userId} stopped earning after repeated signs of automated surfing. Please review the account. ${claims.join('; ')}.`,
    link: `/admin/users/${userId}`,
  };
}
