import type { CommentsPage, FeedComment } from '@shared/feed/comments.js';
import type { CommentPayload } from '@shared/feed/comment.schemas.js';
import { FEED_ENDPOINT, type FeedSource } from '@shared/feed/feed-source.js';
import { feedQueryString, SOCIAL_PATHS, type FeedEntry, type FeedPage } from '@shared/feed/feed.js';
import type { FeelersPage, FeelKind, FeelSummary, FeelTarget } from '@shared/feed/feels.js';
import { SAFETY_ENDPOINTS } from '@shared/feed/safety.js';
import { type ReportPayload } from '@shared/feed/safety.schemas.js';
import { api } from '../api/api.js';

/** The feed's calls, as the components make them. */
export const feedApi = {
  page: (source: FeedSource, before?: number | null) =>
    api.request<FeedPage>({ path: `${FEED_ENDPOINT}?${feedQueryString(source, before)}` }),
  entry: (pid: number) => api.request<FeedEntry>({ path: SOCIAL_PATHS.entry(pid) }),
  comments: (pid: number, query: { before?: number; parent?: number }) => {
    const params = new URLSearchParams();
    if (query.before) params.set('before', String(query.before));
    if (query.parent) params.set('parent', String(query.parent));
    return api.request<CommentsPage>({ path: `${SOCIAL_PATHS.comments(pid)}?${params}` });
  },
  writeComment: (pid: number, payload: CommentPayload) =>
    api.request<FeedComment>({ method: 'POST', path: SOCIAL_PATHS.comments(pid), json: payload }),
  editComment: (commentId: number, text: string) =>
    api.request<FeedComment>({ method: 'PUT', path: SOCIAL_PATHS.comment(commentId), json: { text } }),
  deleteComment: (commentId: number) => api.request<null>({ method: 'DELETE', path: SOCIAL_PATHS.comment(commentId) }),
  feel: (target: FeelTarget, kind: FeelKind | null) => {
    const path = target.commentId === null ? SOCIAL_PATHS.postFeel(target.pid) : SOCIAL_PATHS.commentFeel(target.commentId);
    return kind === null
      ? api.request<FeelSummary>({ method: 'DELETE', path })
      : api.request<FeelSummary>({ method: 'PUT', path, json: { kind } });
  },
  feelers: (target: FeelTarget, page: number) => {
    const path = target.commentId === null ? SOCIAL_PATHS.postFeelers(target.pid) : SOCIAL_PATHS.commentFeelers(target.commentId);
    return api.request<FeelersPage>({ path: `${path}?page=${page}` });
  },
  report: (payload: ReportPayload) => api.request<null>({ method: 'POST', path: SAFETY_ENDPOINTS.reports, json: payload }),
  block: (userId: number) => api.request<null>({ method: 'POST', path: SAFETY_ENDPOINTS.blocks, json: { userId } }),
  unblock: (userId: number) => api.request<null>({ method: 'DELETE', path: `${SAFETY_ENDPOINTS.blocks}/${userId}` }),
};
