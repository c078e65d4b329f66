/** The privacy-enhanced YouTube player address, without autoplay (the reader starts it). */
const inlineSrc = (videoId: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;

export interface PostVideoProps {
  videoId: string;
  title: string;
  /** The video plays in the pop-out player now: the page shows a note instead of a second player. */
  poppedOut: boolean;
  /** Hands the video to the pop-out player (the shell's); without it there is no Pop out button. */
  onPopOut?: (() => void) | undefined;
  onBringBack?: (() => void) | undefined;
}

/** A post's video, inline or popped out (community.md §4 'Post video'). */
export function PostVideo({ videoId, title, poppedOut, onPopOut, onBringBack }: PostVideoProps) {
  if (poppedOut) {
    return (
      <div className="post-video post-video-popped">
        <p>The video plays in the pop-out player.</p>
        {onBringBack ? (
          <button type="button" className="btn btn-secondary" onClick={onBringBack}>
            Play here
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="post-video">
      <div className="post-video-frame">
        <iframe
          src={inlineSrc(videoId)}
          title={`Video: ${title}`}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      </div>
      {onPopOut ? (
        <button type="button" className="btn btn-secondary post-video-pop" onClick={onPopOut}>
          Pop out
        </button>
      ) : null}
    </div>
  );
}
