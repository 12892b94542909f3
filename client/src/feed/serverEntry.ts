import type { FeedEntry } from '@shared/feed/feed.js';

let fromServer: FeedEntry | null = null;

/** The post a page drawn on the server came with: the post page's first load uses it instead of asking. */
export function keepServerEntry(entry: FeedEntry): void {
  fromServer = entry;
}

/** The server's post for `pid`, once: a later visit of the page asks the server as usual. */
export function takeServerEntry(pid: number): FeedEntry | null {
  if (fromServer?.post.pid !== pid) return null;
  const entry = fromServer;
  fromServer = null;
  return entry;
}
