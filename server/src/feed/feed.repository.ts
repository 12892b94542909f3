import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FeelCounts, FeelKind } from '@shared/feed/feels.js';
import type { FeedGroup } from '@shared/feed/feed.js';
import { notBlockedBy } from '../blocks/blocks.repository.js';
import type { PostFields } from '../posts/posts.repository.js';
import { postVisibleTo } from '../posts/post-visibility.js';

/** One feed entry's post with what the viewer sees of it, as `entriesOf` reads it. */
export interface EntryRow extends PostFields {
  group_slug: string | null;
  group_name: string | null;
  group_visibility: FeedGroup['visibility'] | null;
  group_moderated: boolean;
  feel_counts: FeelCounts;
  my_feel: FeelKind | null;
  comment_count: number;
  bookmarked: boolean;
}

/** Parameters every candidate query below reads: $1 viewer (null: visitor), $2 before, $3 limit, $4 the source's key. */
const VISIBLE = postVisibleTo('p', '$1::int');
const LIVE_BEFORE = `p.deleted_at IS NULL AND p.id < $2 AND ${VISIBLE}`;

/** Candidate ids of one source branch, newest first, at most the page's limit. */
const branch = (where: string) => `(SELECT p.id FROM posts p WHERE ${where} AND ${LIVE_BEFORE} ORDER BY p.id DESC LIMIT $3)`;

/**
 * The home feed: the member's own posts, those of the members and tags they follow and of the
 * groups they are an active member of. Each source is its own index scan bounded by the page
 * size (posts_user, posts_tags, posts_group), then merged. The followed members' and the groups'
 * branches read each followee's or group's newest posts apart (LATERAL, a backward walk of
 * posts_user or posts_group that stops at the page size): as `user_id IN (…)` PostgreSQL read
 * every post of every followee and sorted them, and as `group_id IN (…)` it merge-joined the whole
 * posts_group index, every group's posts.
 */
const HOME_CANDIDATES = `SELECT id FROM (
    ${branch('p.user_id = $1')}
    UNION (SELECT f.id FROM follows fo CROSS JOIN LATERAL ${branch('p.user_id = fo.followee_id')} f
            WHERE fo.follower_id = $1 ORDER BY f.id DESC LIMIT $3)
    UNION ${branch('p.tags && ARRAY(SELECT tag FROM tag_follows WHERE user_id = $1)')}
    UNION (SELECT g.id FROM group_members m CROSS JOIN LATERAL ${branch('p.group_id = m.group_id')} g
            WHERE m.user_id = $1 AND m.status = 'active' ORDER BY g.id DESC LIMIT $3)
  ) c ORDER BY id DESC LIMIT $3`;

/**
 * Feeds read in one query each: the page's posts with their authors, groups, feel counts, the
 * viewer's own feel, comment counts and bookmarks. Comments come from CommentsRepository.threadsOf.
 */
@Injectable()
export class FeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  home(viewerId: number, before: number | undefined, limit: number): Promise<EntryRow[]> {
    return this.entriesOf(HOME_CANDIDATES, viewerId, before, limit, null);
  }

  tag(viewerId: number | null, tag: string, before: number | undefined, limit: number): Promise<EntryRow[]> {
    return this.entriesOf(`SELECT id FROM ${branch('p.tags @> ARRAY[$4::text]')} c`, viewerId, before, limit, tag);
  }

  group(viewerId: number | null, groupId: number, before: number | undefined, limit: number): Promise<EntryRow[]> {
    return this.entriesOf(`SELECT id FROM ${branch('p.group_id = $4::int')} c`, viewerId, before, limit, groupId);
  }

  author(viewerId: number | null, authorId: number, before: number | undefined, limit: number): Promise<EntryRow[]> {
    return this.entriesOf(`SELECT id FROM ${branch('p.user_id = $4::int')} c`, viewerId, before, limit, authorId);
  }

  /**
   * Posts whose text contains `text` (case-insensitive, its own %, _ and \ taken literally), newest
   * first. The trigram index posts_text_trgm answers a rare word; a common one is found walking
   * the newest posts (the primary key), which the page's limit bounds.
   */
  search(viewerId: number | null, text: string, before: number | undefined, limit: number): Promise<EntryRow[]> {
    const containing = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return this.entriesOf(`SELECT id FROM ${branch('p.text ILIKE $4::text')} c`, viewerId, before, limit, containing);
  }

  /** One post as an entry, if the viewer may see it. */
  async entry(viewerId: number | null, pid: number): Promise<EntryRow | null> {
    const [row] = await this.entriesOf(`SELECT id FROM ${branch('p.id = $4::int')} c`, viewerId, undefined, 1, pid);
    return row ?? null;
  }

  async groupIdBySlug(slug: string): Promise<number | null> {
    const [row]: { id: number }[] = await this.dataSource.query(`SELECT id FROM groups WHERE slug = lower($1)`, [slug]);
    return row?.id ?? null;
  }

  /** The member's id, unless they blocked the viewer: their posts are not listed to the members they blocked. */
  async userIdByUsername(username: string, viewerId: number | null): Promise<number | null> {
    const [row]: { id: number }[] = await this.dataSource.query(
      `SELECT u.id FROM users u
        WHERE lower(u.username) = lower($1)
          AND ${notBlockedBy('u.id', '$2::int')}`,
      [username, viewerId],
    );
    return row?.id ?? null;
  }

  private entriesOf(candidates: string, viewerId: number | null, before: number | undefined, limit: number, key: unknown) {
    return this.dataSource.query(
      `WITH page AS (${candidates})
       SELECT p.id, p.user_id, p.text, p.link, p.youtube_id, p.image_ids, p.language, p.tags, p.created_at,
              u.username, u.first_name, u.image,
              g.slug AS group_slug, g.name AS group_name, g.visibility AS group_visibility,
              EXISTS (SELECT 1 FROM group_members gm
                       WHERE gm.group_id = p.group_id AND gm.user_id = $1::int AND gm.status = 'active'
                         AND gm.role IN ('owner', 'moderator')) AS group_moderated,
              (SELECT coalesce(jsonb_object_agg(f.kind, f.n), '{}') FROM
                 (SELECT kind, count(*)::int AS n FROM post_feels WHERE post_id = p.id GROUP BY kind) f) AS feel_counts,
              (SELECT kind FROM post_feels WHERE post_id = p.id AND user_id = $1::int) AS my_feel,
              (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL) AS comment_count,
              EXISTS (SELECT 1 FROM bookmarks b WHERE b.user_id = $1::int AND b.post_id = p.id) AS bookmarked
         FROM page JOIN posts p ON p.id = page.id JOIN users u ON u.id = p.user_id LEFT JOIN groups g ON g.id = p.group_id
        ORDER BY p.id DESC`,
      // An unused parameter has no type PostgreSQL could infer: the home feed has no key.
      key === null ? [viewerId, before ?? 2_147_483_647, limit] : [viewerId, before ?? 2_147_483_647, limit, key],
    ) as Promise<EntryRow[]>;
  }
}
