/**
 * The shell's pop-out video player (core spec: Shell): one video at a time, played in a floating
 * panel over every page; a page asks for it with popOutVideo, the sidebar's stop button and the
 * panel's close button end it. <PopOutPlayer> (components/ui/pop-out-player.tsx) draws it.
 */

/** What the player can play: a YouTube video by its id, another site's player in a frame, or a plain video file. */
export type PoppedVideo =
  | { kind: 'youtube'; videoId: string; title: string }
  | { kind: 'iframe'; src: string; title: string }
  | { kind: 'video'; src: string; title: string };

/** Where the panel starts: its left edge this far from the right edge of the window. */
export const POP_OUT_START_FROM_RIGHT_PX = 450;

let current: PoppedVideo | null = null;
const listeners = new Set<() => void>();

function publish(next: PoppedVideo | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function poppedVideo(): PoppedVideo | null {
  return current;
}

export function subscribePoppedVideo(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function popOutVideo(video: PoppedVideo): void {
  publish(video);
}

export function stopPoppedVideo(): void {
  if (current) publish(null);
}

/** The frame address of a YouTube video (the privacy-enhanced host; autoplay, as the user asked for it). */
export function youtubeEmbedUrl(videoId: string, autoplay = true): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}${autoplay ? '?autoplay=1' : ''}`;
}

/** The panel's left edge for a window `viewportWidth` wide and a panel `panelWidth` wide, kept on screen. */
export function clampPlayerLeft(left: number, viewportWidth: number, panelWidth: number): number {
  return Math.max(0, Math.min(left, viewportWidth - panelWidth));
}
