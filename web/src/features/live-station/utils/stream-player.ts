import { liveStreamFrameSrc, type LiveStreamSource } from '@hamlog/domain/live-station/stream-address';
import type { PoppedVideo } from '@/lib/video-player';

/** The HLS playlist type a browser with its own HLS support says it can play. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether this browser plays HLS in a plain <video> (Safari, and Chrome and Edge on Android and, lately, desktop). */
export function playsHlsNatively(): boolean {
  if (typeof document === 'undefined') return false;
  const video = document.createElement('video');
  return typeof video.canPlayType === 'function' && video.canPlayType(HLS_TYPE) !== '';
}

/** How the page plays a stream in itself: a frame, a <video>, or not at all (HLS without the browser's support). */
export type InPagePlayer = { kind: 'frame'; src: string } | { kind: 'video'; src: string } | { kind: 'unplayable' };

export function inPagePlayer(source: LiveStreamSource, pageHost: string, nativeHls: boolean): InPagePlayer {
  if (source.kind === 'hls') return nativeHls ? { kind: 'video', src: source.src } : { kind: 'unplayable' };
  const src = liveStreamFrameSrc(source, pageHost, false);
  return src ? { kind: 'frame', src } : { kind: 'unplayable' };
}

/** The same stream for the shell's pop-out player; null when this browser cannot play it. */
export function poppedStream(source: LiveStreamSource, pageHost: string, nativeHls: boolean, title: string): PoppedVideo | null {
  if (source.kind === 'youtube') return { kind: 'youtube', videoId: source.videoId, title };
  if (source.kind === 'hls') return nativeHls ? { kind: 'video', src: source.src, title } : null;
  const src = liveStreamFrameSrc(source, pageHost, true);
  return src ? { kind: 'iframe', src, title } : null;
}

/** Whether the pop-out player is playing this stream now (then the page shows no second player). */
export function isPoppedOut(popped: PoppedVideo | null, stream: PoppedVideo | null): boolean {
  if (!popped || !stream || popped.kind !== stream.kind) return false;
  if (popped.kind === 'youtube' && stream.kind === 'youtube') return popped.videoId === stream.videoId;
  return 'src' in popped && 'src' in stream && popped.src === stream.src;
}
