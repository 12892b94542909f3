import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from './billing/billing.module.js';
import { AnnouncementsModule } from './announcements/announcements.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { RealtimeModule } from './realtime-gateway/realtime.module.js';
import { CampaignsModule } from './campaigns/campaigns.module.js';
import { CreditsModule } from './credits/credits.module.js';
import { PostsModule } from './posts/posts.module.js';
import { GroupsModule } from './groups/groups.module.js';
import { TagsModule } from './tags/tags.module.js';
import { SurfModule } from './surf/surf.module.js';
import { BlocksModule } from './blocks/blocks.module.js';
import { CommentsModule } from './comments/comments.module.js';
import { FeedModule } from './feed/feed.module.js';
import { FeelsModule } from './feels/feels.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { MemberRateLimits } from './common/http/member-rate-limits.js';
import { LimitCounters } from './common/limits/limit-counters.js';
import { AccountModule } from './account/account.module.js';
import { AdminOverviewModule } from './admin/overview/admin-overview.module.js';
import { AdminAuditModule } from './audit/admin-audit.module.js';
import { AdminAuditLogModule } from './admin/audit/admin-audit-log.module.js';
import { AdminSettingsModule } from './admin/settings/admin-settings.module.js';
import { ContactModule } from './contact/contact.module.js';
import { SitePagesModule } from './site-pages/site-pages.module.js';
import { AdminUsersModule } from './admin/users/admin-users.module.js';
import { DevModule } from './dev/dev.module.js';
import { MediaModule } from './media/media.module.js';
import { OnboardingModule } from './onboarding/onboarding.module.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { ProfileModule } from './profile/profile.module.js';
import { ReferralsModule } from './referrals/referrals.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { AccountTokensModule } from './account-tokens/account-tokens.module.js';
import { LoginModule } from './login/login.module.js';
import { BookmarksModule } from './bookmarks/bookmarks.module.js';
import { FollowsModule } from './follows/follows.module.js';
import { UserSearchModule } from './user-search/user-search.module.js';
import { ClientErrorsModule } from './client-errors/client-errors.module.js';
import { ErrorLogModule } from './error-log/error-log.module.js';
import { AdminLedgerModule } from './admin/ledger/admin-ledger.module.js';
import { AdminFraudModule } from './admin/fraud/admin-fraud.module.js';
import { AdminPricingModule } from './admin/pricing/admin-pricing.module.js';
import { AdminReportsModule } from './admin/reports/admin-reports.module.js';
import { LandingModule } from './landing/landing.module.js';
import { EarningsReviewModule } from './earnings/earnings-review.module.js';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { dataSourceOptions } from './schema/data-source-options.js';
import { openMigratedDataSource } from './schema/sql-definitions.js';
import { Transactions } from './database/transactions.js';
import { HealthModule } from './health/health.module.js';
import { IdempotencyModule } from './idempotency/idempotency.module.js';
import { MailModule } from './mail/mail.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { StartModule } from './start/start.module.js';
import { GeoModule } from './geo/geo.module.js';
import { StatsModule } from './stats/stats.module.js';
import { TeamAccessModule } from './teams/team-access.module.js';
import { TeamsModule } from './teams/teams.module.js';
import { LevelsModule } from './levels/levels.module.js';
import { CountryLookupModule } from './tracking/country-lookup.module.js';
import { TrackingModule } from './tracking/tracking.module.js';
import { UsersModule } from './users/users.module.js';
import { WebsiteModule } from './website/website.module.js';

@Module({})
export class AppModule {
  /** `config.databaseUrl` must be resolved (embedded PostgreSQL started) before this. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config.databaseUrl!, config.databasePoolSize),
          // Nothing reads the database before its migrations and SQL definitions are in place.
          dataSourceFactory: (options) => openMigratedDataSource(options!),
        }),
        MetricsModule,
        IdempotencyModule,
        WebsiteModule,
        RealtimeModule,
        NotificationsModule,
        AnnouncementsModule,
        UsersModule,
        SessionsModule,
        MailModule,
        AccountTokensModule,
        LoginModule,
        MediaModule,
        AccountModule,
        PasswordResetModule,
        SettingsModule,
        OnboardingModule,
        ReferralsModule,
        ProfileModule,
        FollowsModule,
        UserSearchModule,
        BookmarksModule,
        AdminAuditModule,
        AdminAuditLogModule,
        AdminSettingsModule,
        AdminOverviewModule,
        ContactModule,
        SitePagesModule,
        AdminUsersModule,
        DevModule,
        CreditsModule,
        BillingModule,
        LevelsModule,
        GroupsModule,
        TagsModule,
        PostsModule,
        CampaignsModule,
        StatsModule,
        SurfModule,
        EarningsReviewModule,
        BlocksModule,
        FeedModule,
        CommentsModule,
        FeelsModule,
        ReportsModule,
        HealthModule,
        CountryLookupModule,
        StartModule,
        GeoModule,
        ClientErrorsModule,
        ErrorLogModule,
        AdminLedgerModule,
        AdminFraudModule,
        AdminPricingModule,
        AdminReportsModule,
        LandingModule,
        TrackingModule,
        TeamAccessModule,
        TeamsModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        Transactions,
        LimitCounters,
        MemberRateLimits,
      ],
      exports: [APP_CONFIG, Transactions, LimitCounters, MemberRateLimits],
    };
  }
}
