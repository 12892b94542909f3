/**
 * A YouTube video from youtube-nocookie.com (the one frame source the CSP allows), playing at
 * once: it is shown only after the member clicked to play.
 */
export function YouTubePlayer({ videoId, title }: { videoId: string; title: string }) {
  return (
    <iframe
      className="youtube-frame"
      src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1`}
      title={title}
      allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
