/** Reports of posts and comments to the admins, and blocks between members. */
export const REPORT_REASON_MAX = 500;

export interface BlockedMember {
  id: number;
  username: string;
  first_name: string;
}

export const SAFETY_ENDPOINTS = {
  /** POST ReportPayload → null. */
  reports: '/data/reports',
  /** GET → BlockedMember[]; POST BlockPayload → null; + '/:userId' DELETE → null. */
  blocks: '/data/blocks',
} as const;
