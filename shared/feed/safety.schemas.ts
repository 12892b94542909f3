import { z } from 'zod';
import { text } from '../validation/text.js';
import { REPORT_REASON_MAX } from './safety.js';

// The schemas the server validates with, apart from the module's constants and types so a page
// that needs only those (paths, limits) does not download zod.

/** Members and posts have integer ids, comments bigint ones. */
const rowId = z.number().int().min(1).max(2_147_483_647);
const commentId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const reportSchema = z
  .object({
    pid: rowId.optional(),
    commentId: commentId.optional(),
    reason: text().trim().max(REPORT_REASON_MAX, `Use at most ${REPORT_REASON_MAX} characters.`).default(''),
  })
  .refine((value) => (value.pid === undefined) !== (value.commentId === undefined), {
    message: 'Report either a post or a comment.',
    path: ['pid'],
  });
export type ReportPayload = z.input<typeof reportSchema>;
export type ReportRequest = z.infer<typeof reportSchema>;

export const blockSchema = z.object({ userId: rowId });
export type BlockPayload = z.infer<typeof blockSchema>;
