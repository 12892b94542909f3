import '../feedback/feed-slot.css';

/**
 * Where the group's feed goes: `<Feed source={{ kind: 'group', slug }} />` from client/src/feed/
 * replaces this placeholder once the feed is built.
 */
export function GroupFeedSlot({ slug }: { slug: string }) {
  return (
    <div className="feed-slot" data-feed-source="group" data-feed-key={slug}>
      <p className="muted">The group&apos;s posts will show here.</p>
    </div>
  );
}
