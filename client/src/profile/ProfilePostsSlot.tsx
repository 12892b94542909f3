/**
 * The Posts tab of a profile. A slot for the member's feed (`<Feed source={{ kind: 'user',
 * username }} />`, built with the feed in client/src/feed/), which takes its place once it exists.
 */
export function ProfilePostsSlot({ username }: { username: string }) {
  return (
    <>
      <h2 className="section-heading">Posts</h2>
      <p className="muted">Posts by @{username} will show here.</p>
    </>
  );
}
