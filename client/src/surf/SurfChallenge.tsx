import { useId, useState } from 'react';
import { CHALLENGE_IMAGE_SIZE } from '@shared/surf/surf.js';

type ImageStatus = 'loading' | 'shown' | 'failed';

export interface SurfChallengeProps {
  /** The picture's path (a new picture on every request). */
  image: string;
  codes: string[];
  message: string | null;
  picked: string | null;
  onPick: (code: string) => void;
}

/**
 * A verification challenge: the code to pick is only in the server's picture, never in the page's
 * text; the options are toggle buttons. Mount one per ticket (keyed by it), so a new ticket starts
 * from a fresh picture.
 */
export function SurfChallenge({ image, codes, message, picked, onPick }: SurfChallengeProps) {
  const titleId = useId();
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<ImageStatus>('loading');

  const newImage = () => {
    setStatus('loading');
    setVersion((current) => current + 1);
  };

  return (
    <section className="surf-challenge" aria-labelledby={titleId}>
      <h2 id={titleId} className="surf-challenge-title">
        Verification
      </h2>
      {message && <p>{message}</p>}
      <div className="surf-challenge-picture">
        <div className="surf-challenge-frame" aria-busy={status === 'loading'}>
          {status !== 'failed' && (
            <img
              key={version}
              className={`surf-challenge-image ${status === 'loading' ? 'surf-challenge-image-loading' : ''}`}
              // The query only makes the address new, so no cache along the way answers the previous picture.
              src={`${image}?v=${version}`}
              width={CHALLENGE_IMAGE_SIZE.width}
              height={CHALLENGE_IMAGE_SIZE.height}
              alt="Verification image: pick the code it shows"
              onLoad={() => setStatus('shown')}
              onError={() => setStatus('failed')}
            />
          )}
          {status === 'loading' && <span className="spinner spinner-small surf-challenge-spinner" aria-hidden="true" />}
        </div>
        <button type="button" className="button surf-challenge-new" onClick={newImage}>
          New image
        </button>
      </div>
      <p className="surf-challenge-status" role="status">
        {status === 'loading'
          ? 'Loading the image…'
          : status === 'failed'
            ? 'The image could not be loaded. Try a new image.'
            : ''}
      </p>
      <div className="surf-codes" role="group" aria-label="Codes to pick from">
        {codes.map((code) => (
          <button
            key={code}
            type="button"
            className="button surf-code"
            aria-pressed={picked === code}
            onClick={() => onPick(code)}
          >
            {code}
          </button>
        ))}
      </div>
    </section>
  );
}
