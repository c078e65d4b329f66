import { useSyncExternalStore } from 'react';
import { poppedVideo, popOutVideo, stopPoppedVideo, subscribePoppedVideo, youtubeEmbedUrl } from '@/lib/video-player';

/**
 * A post's video (community.md §4 'Post video'): inline from the privacy-enhanced host without
 * autoplay (the reader starts it), or handed to the shell's pop-out player, in which case the page
 * shows a note instead of a second player.
 */
export function PostVideo({ videoId, title }: { videoId: string; title: string }) {
  const popped = useSyncExternalStore(subscribePoppedVideo, poppedVideo, poppedVideo);
  if (popped?.kind === 'youtube' && popped.videoId === videoId) {
    return (
      <div className="post-video post-video-popped">
        <p>The video plays in the pop-out player.</p>
        <button type="button" className="btn btn-secondary" onClick={stopPoppedVideo}>
          Play here
        </button>
      </div>
    );
  }
  return (
    <div className="post-video">
      <div className="post-video-frame">
        <iframe
          src={youtubeEmbedUrl(videoId, false)}
          title={`Video: ${title}`}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      </div>
      <button type="button" className="btn btn-secondary post-video-pop" onClick={() => popOutVideo({ kind: 'youtube', videoId, title })}>
        Pop out
      </button>
    </div>
  );
}
