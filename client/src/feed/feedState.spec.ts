import type { FeedComment } from '@shared/feed/comments.js';
import type { FeedEntry } from '@shared/feed/feed.js';
import {
  changeEntry,
  feedKeyOf,
  mergeEntries,
  splitEntries,
  withComment,
  withOlderComments,
  withoutAuthor,
  withoutComment,
  type StoredComment,
} from './feedState.js';

const author = (id: number) => ({ id, username: `m${id}`, first_name: `M${id}`, image: null });

function feedComment(id: number, parentId: number | null = null, replies: FeedComment[] = []): FeedComment {
  return {
    id,
    pid: 1,
    parentId,
    author: author(id + 100),
    text: `comment ${id}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    feels: { counts: { like: id }, mine: null },
    replyCount: replies.length,
    replies,
  };
}

function entry(pid: number, comments: FeedComment[] = []): FeedEntry {
  return {
    post: {
      pid,
      author: author(pid),
      text: `post ${pid}`,
      link: null,
      youtubeId: null,
      images: [],
      language: 'en',
      tags: [],
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    group: null,
    feels: { counts: { love: 2 }, mine: 'love' },
    commentCount: comments.length,
    comments,
    moreComments: false,
    bookmarked: false,
  };
}

const stored = (comment: FeedComment): StoredComment => splitEntries([entry(1, [comment])]).entries[0].comments[0];

describe('the feed as the client keeps it', () => {
  it('stores the feels of posts, comments and replies apart, by key', () => {
    const { entries, feels } = splitEntries([entry(1, [feedComment(5, null, [feedComment(6, 5)])])]);
    expect(feels).toEqual({
      'p:1': { counts: { love: 2 }, mine: 'love' },
      'c:5': { counts: { like: 5 }, mine: null },
      'c:6': { counts: { like: 6 }, mine: null },
    });
    expect(entries[0]).not.toHaveProperty('feels');
    expect(entries[0].comments[0].replies[0]).not.toHaveProperty('feels');
  });

  it('merges entries in place by post id and adds new ones after (UPDATE_FEED)', () => {
    const [a, b] = splitEntries([entry(3), entry(2)]).entries;
    const fresherB = { ...b, commentCount: 9 };
    const [c] = splitEntries([entry(1)]).entries;
    expect(mergeEntries([a, b], [fresherB, c]).map((e) => [e.post.pid, e.commentCount])).toEqual([
      [3, 0],
      [2, 9],
      [1, 0],
    ]);
  });

  it('adds a comment once though the writer’s answer and the live push both bring it; an edit changes the words in place', () => {
    const [start] = splitEntries([entry(1, [feedComment(5)])]).entries;
    const reply = stored(feedComment(7, 5));
    const once = withComment(start, reply, 2);
    const twice = withComment(once, reply, 2);
    expect(twice.comments[0].replies.map((r) => r.id)).toEqual([7]);
    expect(twice.comments[0].replyCount).toBe(1);
    const top = withComment(twice, stored(feedComment(8)), 3);
    expect(top.comments.map((c) => c.id)).toEqual([5, 8]);
    const edited = withComment(top, { ...stored(feedComment(5)), text: 'changed', editedAt: '2026-01-01T00:01:00.000Z' }, 3);
    expect(edited.comments[0]).toMatchObject({ text: 'changed', replies: [{ id: 7 }] });
  });

  it('removes a reply (its parent counts one less) or a comment with its replies', () => {
    const [start] = splitEntries([entry(1, [feedComment(5, null, [feedComment(6, 5)]), feedComment(8)])]).entries;
    const noReply = withoutComment(start, 6, 5, 2);
    expect(noReply.comments[0]).toMatchObject({ replyCount: 0, replies: [] });
    expect(withoutComment(start, 5, null, 1).comments.map((c) => c.id)).toEqual([8]);
  });

  it('puts older comments before the shown ones, without repeating any', () => {
    const [start] = splitEntries([entry(1, [feedComment(5)])]).entries;
    const older = withOlderComments(start, [stored(feedComment(3)), stored(feedComment(5))], false);
    expect(older.comments.map((c) => c.id)).toEqual([3, 5]);
  });

  it('changes one post in every feed showing it, leaving the feeds untouched when none does', () => {
    const [a] = splitEntries([entry(1)]).entries;
    const feeds = { home: { entries: [a], before: null }, 'post:1': { entries: [a], before: null } };
    const changed = changeEntry(feeds, 1, (e) => ({ ...e, commentCount: 4 }));
    expect([changed.home.entries[0].commentCount, changed['post:1'].entries[0].commentCount]).toEqual([4, 4]);
    expect(changeEntry(feeds, 99, (e) => ({ ...e, commentCount: 4 }))).toBe(feeds);
  });

  it('drops a blocked member’s posts and comments', () => {
    const { entries } = splitEntries([entry(1, [feedComment(5, null, [feedComment(6, 5)])]), entry(105)]);
    const left = withoutAuthor(entries, 105);
    expect(left.map((e) => e.post.pid)).toEqual([1]);
    expect(left[0].comments).toEqual([]);
    expect(withoutAuthor(entries, 106)[0].comments[0].replies).toEqual([]);
  });

  it('keys feeds by source', () => {
    expect(feedKeyOf({ kind: 'user', username: 'Alice' })).toBe('user:alice');
    expect(feedKeyOf({ kind: 'post', pid: 4 })).toBe('post:4');
  });
});
