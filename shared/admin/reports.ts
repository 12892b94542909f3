import { z } from 'zod';

/** How an admin closed the open reports of a post or comment. */
export type ReportResolution = 'hidden' | 'dismissed' | 'banned';

/** What a report is about. */
export const REPORT_TARGET_TYPES = ['post', 'comment'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** What an admin can do with a reported post or comment; each closes every open report of it. */
export const REPORT_ACTIONS = ['hide', 'dismiss', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** How many reported posts and comments one page of the queue lists. */
export const REPORT_QUEUE_PAGE_SIZE = 25;

/** How many of a target's open reports the queue shows in full (the count covers them all). */
export const REPORT_QUEUE_LATEST_REPORTS = 5;

/** One member's report, as the queue shows it. */
export interface ReportEntry {
  id: number;
  reporter: { id: number; username: string };
  reason: string;
  createdAt: string;
}

/**
 * One reported post or comment with its open reports: what was reported (its text, its writer,
 * whether it is hidden already), how many open reports it has and the latest of them.
 */
export interface ReportQueueItem {
  targetType: ReportTargetType;
  targetId: number;
  /** The post itself, or the post the comment is on (for a link). */
  pid: number;
  text: string;
  author: { id: number; username: string; loginSuspended: boolean };
  hidden: boolean;
  /** Its writer deleted it since: nobody sees it any more, but its reports stay open until an admin closes them. */
  deleted: boolean;
  openReports: number;
  /** When the latest open report came: the queue lists the most recently reported first. */
  lastReportedAt: string;
  /** The latest REPORT_QUEUE_LATEST_REPORTS open reports, newest first. */
  reports: ReportEntry[];
}

export const reportQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;

/** The address of one reported target, as the action routes read it. */
export const reportTargetParamsSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  action: z.enum(REPORT_ACTIONS),
});
export type ReportTargetParams = z.infer<typeof reportTargetParamsSchema>;

/** What an action did: the reports it closed (0 when another admin had closed them first). */
export interface ReportActionResult {
  resolution: ReportResolution;
  closedReports: number;
}

export const ADMIN_REPORT_ENDPOINTS = {
  /** GET ?page → Paged<ReportQueueItem>, the most recently reported first. */
  queue: '/data/admin/reports',
  /**
   * POST → ReportActionResult. `hide`: only the writer and admins still see it (a post also leaves
   * the surf bar); `dismiss`: nothing hidden; `ban`: the writer's login is suspended, as the Users
   * screen does. Each is audited and closes every open report of the target.
   */
  act: (targetType: ReportTargetType, targetId: number, action: ReportAction) =>
    `/data/admin/reports/${targetType}/${targetId}/${action}`,
} as const;
