import { AccountTokenEntity } from '../account-tokens/account-token.entity.js';
import { AnnouncementDismissalEntity } from '../announcements/announcement-dismissal.entity.js';
import { AnnouncementEntity } from '../announcements/announcement.entity.js';
import { CreditPackEntity } from '../billing/credit-pack.entity.js';
import { MembershipLevelEntity } from '../billing/membership-level.entity.js';
import { ReferralCommissionEntity } from '../referrals/referral-commission.entity.js';
import { MembershipEntity } from '../billing/membership.entity.js';
import { OrderEntity } from '../billing/order.entity.js';
import { BlockEntity } from '../blocks/block.entity.js';
import { BookmarkEntity } from '../bookmarks/bookmark.entity.js';
import { CommentEntity } from '../comments/comment.entity.js';
import { CommentFeelEntity } from '../feels/comment-feel.entity.js';
import { PostFeelEntity } from '../feels/post-feel.entity.js';
import { FollowEntity } from '../follows/follow.entity.js';
import { GroupInviteEntity } from '../groups/group-invite.entity.js';
import { GroupMemberEntity } from '../groups/group-member.entity.js';
import { GroupEntity } from '../groups/group.entity.js';
import { CampaignEntity } from '../campaigns/campaign.entity.js';
import { ClientErrorEntity } from '../client-errors/client-error.entity.js';
import { LedgerEntryEntity } from '../credits/ledger-entry.entity.js';
import { MailOutboxEntity } from '../mail/mail-outbox.entity.js';
import { MediaEntity } from '../media/media.entity.js';
import { NotificationEntity } from '../notifications/notification.entity.js';
import { PostEntity } from '../posts/post.entity.js';
import { PostTagEntity } from '../posts/post-tag.entity.js';
import { ReportEntity } from '../reports/report.entity.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { ViewTicketEntity } from '../surf/view-ticket.entity.js';
import { TeamAuditEntity } from '../teams/team-audit.entity.js';
import { AdminAuditEntity } from '../audit/admin-audit.entity.js';
import { IdempotentRequestEntity } from '../idempotency/idempotent-request.entity.js';
import { ContactMessageEntity } from '../contact/contact-message.entity.js';
import { ContactReplyEntity } from '../contact/contact-reply.entity.js';
import { SitePageEntity } from '../site-pages/site-page.entity.js';
import { TeamInviteEntity } from '../teams/team-invite.entity.js';
import { TeamMemberEntity } from '../teams/team-member.entity.js';
import { TeamEntity } from '../teams/team.entity.js';
import { TagFollowEntity } from '../tags/tag-follow.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { MemberFirstNameEntity } from '../user-search/member-first-name.entity.js';
import { MemberNameTermEntity } from '../user-search/member-name-term.entity.js';
import { MemberTermSetEntity } from '../user-search/member-term-set.entity.js';
import { NameTermKeyEntity } from '../user-search/name-term-key.entity.js';
import { PostStatsCountryDailyEntity } from '../stats/post-stats-country-daily.entity.js';
import { PostStatsDimensionDailyEntity } from '../stats/post-stats-dimension-daily.entity.js';
import { PostStatsHourlyEntity } from '../stats/post-stats-hourly.entity.js';
import { ProfileViewsHourlyEntity } from '../stats/profile-views-hourly.entity.js';
import { RollupWatermarkEntity } from '../stats/rollup-watermark.entity.js';
import { TrackingCountedEntity } from '../tracking/tracking-counted.entity.js';
import { TrackingSaltEntity } from '../tracking/tracking-salt.entity.js';
import { WebsiteSettingsEntity } from '../website/website-settings.entity.js';
import { ErrorGroupEntity } from '../error-log/error-group.entity.js';

/**
 * Every entity, listed once for the app and the migration CLI: one per table the migrations
 * create, declared exactly as they build it (test/integration/migrations.integration-spec.ts).
 * The tables partitioned by day (page_views, feed_events) have none: TypeORM cannot declare
 * partitioning, and only the tracking repository's SQL reads or writes them.
 */
export const ENTITIES = [
  WebsiteSettingsEntity,
  ClientErrorEntity,
  UserEntity,
  MemberFirstNameEntity,
  MemberNameTermEntity,
  MemberTermSetEntity,
  NameTermKeyEntity,
  SessionEntity,
  AccountTokenEntity,
  MailOutboxEntity,
  MediaEntity,
  NotificationEntity,
  AnnouncementEntity,
  AnnouncementDismissalEntity,
  PostEntity,
  PostTagEntity,
  CampaignEntity,
  LedgerEntryEntity,
  ViewTicketEntity,
  FollowEntity,
  TagFollowEntity,
  BookmarkEntity,
  GroupEntity,
  GroupMemberEntity,
  GroupInviteEntity,
  CommentEntity,
  PostFeelEntity,
  CommentFeelEntity,
  BlockEntity,
  ReportEntity,
  TrackingSaltEntity,
  PostStatsHourlyEntity,
  PostStatsCountryDailyEntity,
  RollupWatermarkEntity,
  TrackingCountedEntity,
  PostStatsDimensionDailyEntity,
  ProfileViewsHourlyEntity,
  TeamEntity,
  TeamMemberEntity,
  TeamInviteEntity,
  TeamAuditEntity,
  AdminAuditEntity,
  IdempotentRequestEntity,
  CreditPackEntity,
  MembershipLevelEntity,
  OrderEntity,
  MembershipEntity,
  ReferralCommissionEntity,
  ContactMessageEntity,
  ContactReplyEntity,
  SitePageEntity,
  ErrorGroupEntity,
];
