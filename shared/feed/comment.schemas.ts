import { z } from 'zod';
import { text } from '../validation/text.js';
import { COMMENT_LIMITS } from './comments.js';

// The schemas the server validates with, apart from the module's constants and types so a page
// that needs only those (paths, limits) does not download zod.

const commentText = text()
  .trim()
  .min(1, 'Please write something.')
  .max(COMMENT_LIMITS.text, `Use at most ${COMMENT_LIMITS.text} characters.`);

const idSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const commentSchema = z.object({
  text: commentText,
  /** A top-level comment of the same post, to reply to it. */
  parentId: idSchema.nullable().default(null),
});
export type CommentPayload = z.input<typeof commentSchema>;
export type CommentRequest = z.infer<typeof commentSchema>;

export const commentEditSchema = z.object({ text: commentText });
export type CommentEditPayload = z.infer<typeof commentEditSchema>;

/** A page of a post's top-level comments, or of one comment's replies (`parent`), older than `before`. */
export const commentsQuerySchema = z.object({
  parent: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;
