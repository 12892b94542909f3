import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { loadYoutubeAtom, youtubeAtom } from './youtubeAtom.js';
import './youtubeLite.css';

/**
 * A video as a neutral placeholder with a play button: nothing is fetched from YouTube (not
 * even a thumbnail) until the member clicks; then the player loads from youtube-nocookie.com.
 */
export function YouTubeLite({ videoId, author, onPlay }: { videoId: string; author: string; onPlay: () => void }) {
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const youtube = useAtomValue(youtubeAtom);
  const load = useSetAtom(loadYoutubeAtom);
  const title = `YouTube video in ${author}'s post`;

  if (playing && youtube) {
    return (
      <div className="post-video">
        <youtube.YouTubePlayer videoId={videoId} title={title} />
      </div>
    );
  }
  const play = () => {
    if (!playing) onPlay();
    setFailed(false);
    setPlaying(true);
    load().catch(() => {
      setPlaying(false);
      setFailed(true);
    });
  };
  return (
    <div className="post-video youtube-lite">
      <button type="button" className="youtube-lite-button" onClick={play} aria-label={`Play the ${title}`}>
        <span className="youtube-lite-icon" aria-hidden="true">
          ▶
        </span>
        <span>{playing ? 'Loading the video…' : 'Play video'}</span>
        <span className="youtube-lite-note">Loads from YouTube when you click</span>
      </button>
      {failed && (
        <p className="youtube-lite-error" role="alert">
          The video could not be loaded. Please try again.
        </p>
      )}
    </div>
  );
}
