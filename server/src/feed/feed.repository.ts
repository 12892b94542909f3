import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FeelCounts, FeelKind } from '@shared/feed/feels.js';
import type { FeedGroup } from '@shared/feed/feed.js';
import { runPrepared, type PreparedStatement } from '../database/prepared.js';
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

/** The SQL of a page's bounds: the post id it stays below and how many ids it takes. */
interface PageBounds {
  before: string;
  limit: string;
}
const BOUNDS_AS_PARAMETERS: PageBounds = { before: '$2', limit: '$3' };

const liveBefore = ({ before }: PageBounds) => `p.deleted_at IS NULL AND p.id < ${before} AND ${VISIBLE}`;

/** Candidate ids of one source branch, newest first, at most the page's limit. */
const branch = (where: string, bounds = BOUNDS_AS_PARAMETERS) =>
  `(SELECT p.id FROM posts p WHERE ${where} AND ${liveBefore(bounds)} ORDER BY p.id DESC LIMIT ${bounds.limit})`;

/**
 * The home feed: the member's own posts, those of the members and tags they follow and of the
 * groups they are an active member of. Each source is its own backward index walk that stops at
 * the page size, then the sources are merged. The followed members', tags' and groups' branches
 * walk each followee's, tag's or group's newest posts apart (LATERAL over posts_user, post_tags'
 * primary key or posts_group): as `user_id IN (…)` PostgreSQL read every post of every followee
 * and sorted them, as `group_id IN (…)` it merge-joined every group's posts, and as
 * `tags && (…)` it could only guess how many posts carry the tags, and a plan made without the
 * member's tags read all of them through the GIN index (70 ms a page).
 */
const homeCandidates = (bounds: PageBounds) => `SELECT id FROM (
    ${branch('p.user_id = $1', bounds)}
    UNION (SELECT f.id FROM follows fo CROSS JOIN LATERAL ${branch('p.user_id = fo.followee_id', bounds)} f
            WHERE fo.follower_id = $1 ORDER BY f.id DESC LIMIT ${bounds.limit})
    UNION (SELECT t.id FROM tag_follows tf CROSS JOIN LATERAL (
             SELECT p.id FROM post_tags pt JOIN posts p ON p.id = pt.post_id
              WHERE pt.tag = tf.tag AND pt.post_id < ${bounds.before} AND ${liveBefore(bounds)}
              ORDER BY pt.post_id DESC LIMIT ${bounds.limit}) t
            WHERE tf.user_id = $1 ORDER BY t.id DESC LIMIT ${bounds.limit})
    UNION (SELECT g.id FROM group_members m CROSS JOIN LATERAL ${branch('p.group_id = m.group_id', bounds)} g
            WHERE m.user_id = $1 AND m.status = 'active' ORDER BY g.id DESC LIMIT ${bounds.limit})
  ) c ORDER BY id DESC LIMIT ${bounds.limit}`;

/** The newest page when no `before` is given: above every post id (an integer). */
const NO_BEFORE = 2_147_483_647;

/**
 * The page's posts (`candidates` answers their ids) with their authors, groups, feel counts, the
 * viewer's own feel, comment counts and bookmarks.
 */
const entriesSql = (candidates: string) => `WITH page AS (${candidates})
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
        ORDER BY p.id DESC`;

/** A later page of a home feed: prepared once per connection; PostgreSQL plans it for each page. */
const HOME_LATER_PAGE: PreparedStatement = { name: 'feed_home', text: entriesSql(homeCandidates(BOUNDS_AS_PARAMETERS)) };

/**
 * The first page of a home feed, the one nearly every visit reads, `limit` ids long. Its bounds
 * are constants, so the viewer is its only parameter: PostgreSQL's plan for one member then suits
 * every member, and after its first few calls on a connection it keeps that plan rather than
 * planning each page, which was most of a page's cost (2 of 4.5 ms).
 */
const homeFirstPages = new Map<number, PreparedStatement>();
function homeFirstPage(limit: number): PreparedStatement {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`A page limit is a positive integer, not ${limit}`);
  let statement = homeFirstPages.get(limit);
  if (!statement) {
    statement = {
      name: `feed_home_first_${limit}`,
      text: entriesSql(homeCandidates({ before: String(NO_BEFORE), limit: String(limit) })),
    };
    homeFirstPages.set(limit, statement);
  }
  return statement;
}

/** Feeds read in one query each (`entriesSql`). Comments come from CommentsRepository.threadsOf. */
@Injectable()
export class FeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  home(viewerId: number, before: number | undefined, limit: number): Promise<EntryRow[]> {
    return before === undefined
      ? runPrepared<EntryRow>(this.dataSource, homeFirstPage(limit), [viewerId])
      : runPrepared<EntryRow>(this.dataSource, HOME_LATER_PAGE, [viewerId, before, limit]);
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
    return this.dataSource.query(entriesSql(candidates), [viewerId, before ?? NO_BEFORE, limit, key]) as Promise<EntryRow[]>;
  }
}
