import { useRef } from 'react';
import type { PostItem } from '@shared/campaigns/campaigns.js';
import type { MediaObject } from '@shared/media/media.js';
import { YouTubeLite } from '../feed/YouTubeLite.js';
import { formatDateTime } from '../format/dates.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { recordFeedActivity } from '../tracking/recordFeedActivity.js';
import { useTrackingPlace } from '../tracking/trackingPlace.js';
import { usePostViewTracking } from '../tracking/usePostViewTracking.js';
import { linkCardOf } from './linkCard.js';
import { PostAuthorButton } from './ProfilePopup.js';
import './posts.css';

/**
 * One post as members and visitors see it, on /post/:pid and in the surf bar: the text with
 * its line breaks, a link card, a YouTube video (loaded on click as in the feed, from
 * youtube-nocookie, the only frame source the CSP allows) and the pictures. Nothing of a
 * third-party site is framed before the member asks. Its views, clicks and video plays are
 * recorded as the feed's are.
 */
export function PostView({ post, showAuthor = true }: { post: PostItem; showAuthor?: boolean }) {
  const element = useRef<HTMLElement>(null);
  const place = useTrackingPlace();
  const { pid } = post;
  usePostViewTracking(pid, place, element);
  return (
    <article ref={element} className="post" aria-label={`Post by ${post.author.first_name}`}>
      {showAuthor && (
        <header className="post-header">
          <PostAuthorButton author={post.author} fromPid={pid} />
          <time className="muted post-date" dateTime={post.createdAt}>
            {formatDateTime(post.createdAt)}
          </time>
        </header>
      )}
      <div className="post-text">{post.text}</div>
      {post.link && (
        <LinkCard link={post.link} onOpen={(url) => recordFeedActivity('post_link_click', pid, { url, post: pid }, place)} />
      )}
      {post.youtubeId && (
        <YouTubeLite
          videoId={post.youtubeId}
          author={post.author.first_name}
          onPlay={() => recordFeedActivity('playVideo', pid, {}, place)}
        />
      )}
      {post.images.length > 0 && (
        <PostImages
          images={post.images}
          author={post.author.first_name}
          onView={(index) => recordFeedActivity('viewImage', pid, { index }, place)}
        />
      )}
      {post.tags.length > 0 && (
        <ul className="post-tags" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>#{tag}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

function LinkCard({ link, onOpen }: { link: string; onOpen: (url: string) => void }) {
  const card = linkCardOf(link);
  if (!card) return null;
  return (
    <a
      className="post-link-card"
      href={card.href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      onClick={() => onOpen(card.href)}
      onAuxClick={(event) => event.button === 1 && onOpen(card.href)}
    >
      <span className="post-link-host">{card.host}</span>
      <span className="post-link-url">{card.display}</span>
      <span className="post-link-note">Opens in a new tab ↗</span>
    </a>
  );
}

function PostImages({ images, author, onView }: { images: MediaObject[]; author: string; onView: (index: number) => void }) {
  return (
    <ul className={`post-images post-images-${Math.min(images.length, 4)}`}>
      {images.map((image, index) => (
        <li key={image.id ?? index}>
          <a href={mediaUrl(image)} target="_blank" rel="noopener noreferrer" onClick={() => onView(index)}>
            <img src={mediaUrl(image)} alt={`Picture ${index + 1} of ${images.length} in ${author}'s post`} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
