/**
 * Every migration, in order. Listed explicitly (no glob) so the app, the CLI and the tests
 * load the same classes however they are compiled; `npm run migration:generate` appends here.
 */
import { Foundation1763768400000 } from './1763768400000-Foundation.js';
import { Accounts1763769000000 } from './1763769000000-Accounts.js';
import { Realtime1763769600000 } from './1763769600000-Realtime.js';
import { Campaigns1763770200000 } from './1763770200000-Campaigns.js';
import { SurfIndexes1763770800000 } from './1763770800000-SurfIndexes.js';
import { EarnedToday1763771400000 } from './1763771400000-EarnedToday.js';
import { SurfFunctions1763772000000 } from './1763772000000-SurfFunctions.js';
import { MemberCacheTriggers1763772600000 } from './1763772600000-MemberCacheTriggers.js';
import { AnnouncementDismissalsCacheTrigger1763773200000 } from './1763773200000-AnnouncementDismissalsCacheTrigger.js';
import { DropLatestClaimsIndex1763773800000 } from './1763773800000-DropLatestClaimsIndex.js';
import { DeclarableSchema1763774100000 } from './1763774100000-DeclarableSchema.js';
import { SurfRules1763774400000 } from './1763774400000-SurfRules.js';
import { FairCredits1763775000000 } from './1763775000000-FairCredits.js';
import { ProvenViews1763775600000 } from './1763775600000-ProvenViews.js';
import { SocialSchema1795496054321 } from './1795496054321-SocialSchema.js';
import { SurfMyTags1795497210000 } from './1795497210000-SurfMyTags.js';
import { Tracking1795501000000 } from './1795501000000-Tracking.js';
import { CreditedRollup1795502000000 } from './1795502000000-CreditedRollup.js';
import { StatsDimensions1795503000000 } from './1795503000000-StatsDimensions.js';
import { ReactionsByPostAndTime1795503200000 } from './1795503200000-ReactionsByPostAndTime.js';
import { Teams1795504000000 } from './1795504000000-Teams.js';
import { TeamMemberProfiles1795504050000 } from './1795504050000-TeamMemberProfiles.js';
import { TeamPosts1795504100000 } from './1795504100000-TeamPosts.js';
import { TeamFairSurf1795504200000 } from './1795504200000-TeamFairSurf.js';
import { BillingSchema1795505000000 } from './1795505000000-BillingSchema.js';
import { BillingReversals1795505100000 } from './1795505100000-BillingReversals.js';
import { LevelSurf1795505300000 } from './1795505300000-LevelSurf.js';
import { LevelCampaignLimits1795505600000 } from './1795505600000-LevelCampaignLimits.js';
import { ReferralCommissions1795505700000 } from './1795505700000-ReferralCommissions.js';
import { ConsentCountries1795505800000 } from './1795505800000-ConsentCountries.js';
import { AdminAudit1795505900000 } from './1795505900000-AdminAudit.js';
import { LoginSuspension1795506000000 } from './1795506000000-LoginSuspension.js';
import { ContactPages1795506100000 } from './1795506100000-ContactPages.js';
import { AdminOps1795506200000 } from './1795506200000-AdminOps.js';
import { SurfSettings1795506300000 } from './1795506300000-SurfSettings.js';
import { IdempotentRequests1795506900000 } from './1795506900000-IdempotentRequests.js';
import { PrivacyViewerCookie1795507000000 } from './1795507000000-PrivacyViewerCookie.js';
import { MaturingEarnings1795507100000 } from './1795507100000-MaturingEarnings.js';
import { ReportQueue1795508300000 } from './1795508300000-ReportQueue.js';
import { PostTextSearch1795508400000 } from './1795508400000-PostTextSearch.js';
import { BillingDetails1795508500000 } from './1795508500000-BillingDetails.js';
import { PostTags1795508600000 } from './1795508600000-PostTags.js';
import { NameKeys1795508700000 } from './1795508700000-NameKeys.js';
import { NameTerms1795508800000 } from './1795508800000-NameTerms.js';
import { MemberTermSets1795508900000 } from './1795508900000-MemberTermSets.js';

export const MIGRATIONS = [
  Foundation1763768400000,
  Accounts1763769000000,
  Realtime1763769600000,
  Campaigns1763770200000,
  SurfIndexes1763770800000,
  EarnedToday1763771400000,
  SurfFunctions1763772000000,
  MemberCacheTriggers1763772600000,
  AnnouncementDismissalsCacheTrigger1763773200000,
  DropLatestClaimsIndex1763773800000,
  DeclarableSchema1763774100000,
  SurfRules1763774400000,
  FairCredits1763775000000,
  ProvenViews1763775600000,
  SocialSchema1795496054321,
  SurfMyTags1795497210000,
  Tracking1795501000000,
  CreditedRollup1795502000000,
  StatsDimensions1795503000000,
  ReactionsByPostAndTime1795503200000,
  Teams1795504000000,
  TeamMemberProfiles1795504050000,
  TeamPosts1795504100000,
  TeamFairSurf1795504200000,
  BillingSchema1795505000000,
  BillingReversals1795505100000,
  LevelSurf1795505300000,
  LevelCampaignLimits1795505600000,
  ReferralCommissions1795505700000,
  ConsentCountries1795505800000,
  AdminAudit1795505900000,
  LoginSuspension1795506000000,
  ContactPages1795506100000,
  AdminOps1795506200000,
  SurfSettings1795506300000,
  IdempotentRequests1795506900000,
  PrivacyViewerCookie1795507000000,
  MaturingEarnings1795507100000,
  ReportQueue1795508300000,
  PostTextSearch1795508400000,
  BillingDetails1795508500000,
  PostTags1795508600000,
  NameKeys1795508700000,
  NameTerms1795508800000,
  MemberTermSets1795508900000,
];
