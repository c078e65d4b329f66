import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { PIP_NOT_SUPPORTED } from '@hamlog/domain/messages';
import { alertUser } from '@/lib/dialogs';
import { clampPlayerLeft, POP_OUT_START_FROM_RIGHT_PX, poppedVideo, stopPoppedVideo, subscribePoppedVideo, youtubeEmbedUrl, type PoppedVideo } from '@/lib/video-player';

const PANEL_WIDTH_PX = 420;
const KEY_STEP_PX = 40;

function startLeft(): number {
  return clampPlayerLeft(window.innerWidth - POP_OUT_START_FROM_RIGHT_PX, window.innerWidth, Math.min(PANEL_WIDTH_PX, window.innerWidth));
}

/** The video itself: a frame for YouTube and other players, a <video> for a file. */
function Screen({ video, videoRef }: { video: PoppedVideo; videoRef: React.RefObject<HTMLVideoElement | null> }) {
  if (video.kind === 'video') return <video ref={videoRef} className="pop-out-media" src={video.src} controls autoPlay title={video.title} />;
  const src = video.kind === 'youtube' ? youtubeEmbedUrl(video.videoId) : video.src;
  return <iframe className="pop-out-media" src={src} title={video.title} allow="autoplay; encrypted-media; fullscreen" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />;
}

/**
 * The floating player (core spec: Shell): starts 450 px from the right edge, moves sideways by
 * dragging its bar or with the arrow keys on it, asks the browser for picture-in-picture for a
 * plain video and refuses it for a frame (YouTube, another site's player), as the spec says.
 */
export function PopOutPlayer() {
  const video = useSyncExternalStore(subscribePoppedVideo, poppedVideo, poppedVideo);
  const [left, setLeft] = useState<number | null>(null);
  const drag = useRef<{ pointerX: number; left: number } | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    if (video) setLeft((known) => known ?? startLeft());
    else setLeft(null);
  }, [video]);

  if (!video || left === null) return null;
  const width = Math.min(PANEL_WIDTH_PX, window.innerWidth);
  const moveTo = (x: number) => setLeft(clampPlayerLeft(x, window.innerWidth, width));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { pointerX: event.clientX, left };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) moveTo(drag.current.left + event.clientX - drag.current.pointerX);
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    moveTo(left + (event.key === 'ArrowLeft' ? -KEY_STEP_PX : KEY_STEP_PX));
  };
  // A frame's video cannot be handed to the browser's picture-in-picture (spec: errors); a file's can, where the browser offers it.
  const offersPip = video.kind !== 'video' || document.pictureInPictureEnabled === true;
  const pictureInPicture = () => {
    if (video.kind !== 'video') alertUser(PIP_NOT_SUPPORTED);
    else void videoRef.current?.requestPictureInPicture().catch(() => undefined);
  };

  return (
    <section className="pop-out-player" style={{ left, width }} aria-label={`Video: ${video.title}`}>
      <div className="pop-out-bar" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp}>
        <button type="button" className="pop-out-grip" aria-label="Move the player (left and right arrow keys)" onKeyDown={onKeyDown}>
          ⠿
        </button>
        <span className="pop-out-title">{video.title}</span>
        {offersPip ? (
          <button type="button" className="pop-out-button" aria-label="Picture in picture" onClick={pictureInPicture}>
            PiP
          </button>
        ) : null}
        <button type="button" className="pop-out-button" aria-label="Close the video" onClick={stopPoppedVideo}>
          ×
        </button>
      </div>
      <Screen video={video} videoRef={videoRef} />
    </section>
  );
}
