import { useState } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { tagFollowPath, type TagAnswer } from '@shared/tags/tags.js';
import { api } from '../api/api.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';

/** Follows or unfollows a tag; answers the tag's new header, or keeps the server's refusal to show. */
export function useTagFollow() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError[]>([]);
  const send = async (tag: string, follow: boolean): Promise<TagAnswer | null> => {
    if (busy) return null;
    setBusy(true);
    setProblem([]);
    const result = await api.request<TagAnswer>({ method: follow ? 'POST' : 'DELETE', path: tagFollowPath(tag) });
    setBusy(false);
    if (isSuccess(result.status) && result.data) return result.data;
    setProblem(errorsOrFallback(result.errors, result.status));
    return null;
  };
  return { busy, problem, send };
}
