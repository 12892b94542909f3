import { notBlockedEitherWay } from '../blocks/blocks.repository.js';

/**
 * Who may see a post, in one place. Every read of posts, comments, feels and post rooms applies
 * it, for members and visitors alike:
 * - a post outside any group is visible to everyone;
 * - a public group's posts to everyone except members it banned;
 * - a private group's posts to its active members only;
 * - never the posts of a member the viewer blocked or who blocked the viewer: a block hides both
 *   ways (`notBlockedEitherWay`, the one definition of it);
 * - a post an admin hid (after reports) only to its writer and to admins.
 *
 * `post` is the alias of a `posts` row in the query, `viewer` the SQL of the viewer's id
 * (an `integer` parameter, null for a visitor).
 *
 * The group check ends in OFFSET 0 so that it stays a probe per post (two primary-key lookups):
 * without it PostgreSQL hashes the EXISTS into a subplan that joins every group with the
 * viewer's memberships on every query (bench/social/README.md).
 */
export function postVisibleTo(post: string, viewer: string): string {
  return `(${post}.group_id IS NULL OR EXISTS (
            SELECT 1 FROM groups vg LEFT JOIN group_members vm ON vm.group_id = vg.id AND vm.user_id = ${viewer}
             WHERE vg.id = ${post}.group_id
               AND (vm.status = 'active' OR (vg.visibility = 'public' AND vm.status IS DISTINCT FROM 'banned'))
             OFFSET 0))
      AND ${notBlockedEitherWay(viewer, `${post}.user_id`)}
      AND ${shownDespiteHiding(post, viewer)}`;
}

/**
 * A comment the viewer sees (on a post they may see): not deleted, not by a member blocked either
 * way with them, and, when an admin hid it, only to its writer and to admins.
 */
export function commentVisibleTo(comment: string, viewer: string): string {
  return `${comment}.deleted_at IS NULL
      AND ${notBlockedEitherWay(viewer, `${comment}.user_id`)}
      AND ${shownDespiteHiding(comment, viewer)}`;
}

/**
 * A row (post or comment) not hidden by an admin, or seen by its writer or an admin. The role is
 * read only for a hidden row, so the common case costs nothing more.
 */
function shownDespiteHiding(row: string, viewer: string): string {
  return `(${row}.hidden_at IS NULL OR CASE WHEN ${row}.user_id = ${viewer} THEN true
             ELSE EXISTS (SELECT 1 FROM users hu WHERE hu.id = ${viewer} AND hu.role = 'admin') END)`;
}
