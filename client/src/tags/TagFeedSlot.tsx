import '../feedback/feed-slot.css';

/**
 * Where the tag's feed goes: `<Feed source={{ kind: 'tag', tag }} />` from client/src/feed/
 * replaces this placeholder once the feed is built.
 */
export function TagFeedSlot({ tag }: { tag: string }) {
  return (
    <div className="feed-slot" data-feed-source="tag" data-feed-key={tag}>
      <p className="muted">Posts tagged #{tag} will show here.</p>
    </div>
  );
}
