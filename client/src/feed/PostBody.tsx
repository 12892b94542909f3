import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { PostItem } from '@shared/campaigns/campaigns.js';
import type { MediaObject } from '@shared/media/media.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { openModalAtom } from '../modals/modalsAtom.js';
import { linkCardOf } from '../posts/linkCard.js';
import { recordFeedActivity } from '../tracking/recordFeedActivity.js';
import { useTrackingPlace } from '../tracking/trackingPlace.js';
import { PictureViewer } from './PictureViewer.js';
import { YouTubeLite } from './YouTubeLite.js';

/** Longer texts are cut here, with "See more". */
export const TEXT_CUT = 320;

/** The text at a word boundary near `max` characters, or null when it is short enough to show whole. */
export function cutText(text: string, max = TEXT_CUT): string | null {
  const lines = text.split('\n');
  const byLines = lines.length > 6 ? lines.slice(0, 6).join('\n') : text;
  if (byLines.length <= max && byLines === text) return null;
  const short = byLines.slice(0, max);
  const space = short.lastIndexOf(' ');
  return `${(space > max * 0.6 ? short.slice(0, space) : short).trimEnd()}…`;
}

/** A feed entry's post: its text (cut with "See more"), link card, video and pictures; their clicks are recorded. */
export function PostBody({ post }: { post: PostItem }) {
  const place = useTrackingPlace();
  const { pid } = post;
  return (
    <>
      <PostText text={post.text} onSeeMore={() => recordFeedActivity('clickSeeMore', pid, {}, place)} />
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
        <Pictures
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
    </>
  );
}

function PostText({ text, onSeeMore }: { text: string; onSeeMore: () => void }) {
  const [open, setOpen] = useState(false);
  const cut = cutText(text);
  return (
    <div className="post-text">
      {open || cut === null ? text : cut}
      {cut !== null && ' '}
      {cut !== null && (
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          onClick={() => {
            if (!open) onSeeMore();
            setOpen(!open);
          }}
        >
          {open ? 'See less' : 'See more'}
        </button>
      )}
    </div>
  );
}

/** Members' links: nofollow and ugc (not endorsed), opened without access to this page. */
function LinkCard({ link, onOpen }: { link: string; onOpen: (url: string) => void }) {
  const card = linkCardOf(link);
  if (!card) return null;
  return (
    <a
      className="post-link-card"
      href={card.href}
      target="_blank"
      rel="nofollow ugc noopener"
      onClick={() => onOpen(card.href)}
      onAuxClick={(event) => event.button === 1 && onOpen(card.href)}
    >
      <span className="post-link-host">{card.host}</span>
      <span className="post-link-url">{card.display}</span>
      <span className="post-link-note">Opens in a new tab ↗</span>
    </a>
  );
}

function Pictures({ images, author, onView }: { images: MediaObject[]; author: string; onView: (index: number) => void }) {
  const open = useSetAtom(openModalAtom);
  const alt = (index: number) => `Picture ${index + 1} of ${images.length} in ${author}'s post`;
  const view = (index: number) => {
    onView(index);
    open({
      header: `${author}'s pictures`,
      className: 'picture-viewer-modal',
      body: <PictureViewer images={images} start={index} altOf={alt} />,
    });
  };
  return (
    <ul className={`post-images post-images-${Math.min(images.length, 4)}`}>
      {images.map((image, index) => (
        <li key={image.id ?? index}>
          <button
            type="button"
            className="picture-button"
            onClick={() => view(index)}
            aria-label={`View ${alt(index).toLowerCase()}`}
          >
            <img src={mediaUrl(image)} alt="" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}
