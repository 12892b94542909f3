import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { PostItem } from '@shared/campaigns/campaigns.js';
import type { MediaObject } from '@shared/media/media.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { openModalAtom } from '../modals/modalsAtom.js';
import { linkCardOf } from '../posts/linkCard.js';
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

/** A feed entry's post: its text (cut with "See more"), link card, video and pictures. */
export function PostBody({ post }: { post: PostItem }) {
  return (
    <>
      <PostText text={post.text} />
      {post.link && <LinkCard link={post.link} />}
      {post.youtubeId && <YouTubeLite videoId={post.youtubeId} author={post.author.first_name} />}
      {post.images.length > 0 && <Pictures images={post.images} author={post.author.first_name} />}
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

function PostText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const cut = cutText(text);
  return (
    <div className="post-text">
      {open || cut === null ? text : cut}
      {cut !== null && ' '}
      {cut !== null && (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'See less' : 'See more'}
        </button>
      )}
    </div>
  );
}

/** Members' links: nofollow and ugc (not endorsed), opened without access to this page. */
function LinkCard({ link }: { link: string }) {
  const card = linkCardOf(link);
  if (!card) return null;
  return (
    <a className="post-link-card" href={card.href} target="_blank" rel="nofollow ugc noopener">
      <span className="post-link-host">{card.host}</span>
      <span className="post-link-url">{card.display}</span>
      <span className="post-link-note">Opens in a new tab ↗</span>
    </a>
  );
}

function Pictures({ images, author }: { images: MediaObject[]; author: string }) {
  const open = useSetAtom(openModalAtom);
  const alt = (index: number) => `Picture ${index + 1} of ${images.length} in ${author}'s post`;
  const view = (index: number) =>
    open({
      header: `${author}'s pictures`,
      className: 'picture-viewer-modal',
      body: <PictureViewer images={images} start={index} altOf={alt} />,
    });
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
