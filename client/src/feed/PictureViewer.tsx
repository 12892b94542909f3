import { useState, type KeyboardEvent } from 'react';
import type { MediaObject } from '@shared/media/media.js';
import { mediaUrl } from '../media/mediaUrl.js';

/**
 * A post's pictures one at a time, in a dialog (Escape closes it): Previous and Next buttons,
 * and the arrow keys.
 */
export function PictureViewer({
  images,
  start,
  altOf,
}: {
  images: MediaObject[];
  start: number;
  altOf: (index: number) => string;
}) {
  const [index, setIndex] = useState(start);
  const go = (step: number) => setIndex((current) => (current + step + images.length) % images.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    if (event.key === 'ArrowRight') go(1);
  };
  return (
    <div className="picture-viewer" onKeyDown={onKeyDown}>
      <img src={mediaUrl(images[index])} alt={altOf(index)} />
      {images.length > 1 && (
        <div className="picture-viewer-controls">
          <button type="button" className="button" onClick={() => go(-1)}>
            ← Previous
          </button>
          <span aria-live="polite">
            {index + 1} / {images.length}
          </span>
          <button type="button" className="button" onClick={() => go(1)}>
            Next →
          </button>
        </div>
      )}
    </div>
  );
}
