/**
 * The address of an operator's live stream (the profile's `live_stream_url`) and how the page
 * plays it (decision 0051). Only what the site can play inside its own Content-Security-Policy:
 * a YouTube video or channel, a Twitch channel, a player page on one of the known player hosts
 * (played in a frame), or an HLS playlist (.m3u8, played by the browser's own HLS support).
 * Every address is https: a page served over https cannot play an http stream.
 */
import { isYoutubeVideoId } from '../posts/validation';

/** What the page plays: the address read once, so the client never guesses again. */
export type LiveStreamSource =
  | { kind: 'youtube'; videoId: string }
  | { kind: 'youtube-channel'; channelId: string }
  | { kind: 'twitch'; channel: string }
  | { kind: 'iframe'; src: string }
  | { kind: 'hls'; src: string };

export const LIVE_STREAM_URL_MAX_LENGTH = 255;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const TWITCH_HOSTS = new Set(['twitch.tv', 'www.twitch.tv', 'm.twitch.tv', 'player.twitch.tv']);
/**
 * Other sites' player pages that may be framed as they are (YouTube and Twitch addresses are
 * turned into their players above). The Content-Security-Policy's frame-src is made from this
 * list and LIVE_STREAM_FRAME_ORIGINS, so a new host is added here and nowhere else.
 */
const PLAYER_HOSTS = new Set(['player.vimeo.com', 'player.kick.com']);

/** The origins the site frames for live streams and the pop-out player (the CSP's frame-src). */
export const LIVE_STREAM_FRAME_ORIGINS: readonly string[] = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.twitch.tv',
  ...[...PLAYER_HOSTS].map((host) => `https://${host}`),
];

const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** Twitch user names: 4 to 25 letters, digits and underscores (older ones may be shorter). */
const TWITCH_CHANNEL = /^[A-Za-z0-9_]{2,25}$/;
/** Twitch's own paths that are not channels. */
const TWITCH_NOT_CHANNELS = new Set(['directory', 'videos', 'settings', 'search', 'p', 'downloads', 'jobs', 'subscriptions', 'wallet', 'inventory']);

function httpsUrl(text: string): URL | null {
  if (text === '' || text.length > LIVE_STREAM_URL_MAX_LENGTH || /\s/.test(text)) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
    return url;
  } catch {
    return null;
  }
}

function youtubeSource(url: URL): LiveStreamSource | null {
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return isYoutubeVideoId(id) ? { kind: 'youtube', videoId: id } : null;
  }
  if (!YOUTUBE_HOSTS.has(host)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const watched = url.searchParams.get('v');
  if (parts[0] === 'watch' && watched !== null) return isYoutubeVideoId(watched) ? { kind: 'youtube', videoId: watched } : null;
  if ((parts[0] === 'live' || parts[0] === 'embed' || parts[0] === 'shorts') && parts[1] !== undefined && parts.length === 2) {
    if (parts[0] === 'embed' && parts[1] === 'live_stream') {
      const channel = url.searchParams.get('channel') ?? '';
      return YOUTUBE_CHANNEL_ID.test(channel) ? { kind: 'youtube-channel', channelId: channel } : null;
    }
    return isYoutubeVideoId(parts[1]) ? { kind: 'youtube', videoId: parts[1] } : null;
  }
  // A channel by its id (youtube.com/channel/UC.../live plays what it streams now). A handle
  // (@name) cannot be played in a frame: YouTube's player needs the channel id.
  if (parts[0] === 'channel' && parts[1] !== undefined && YOUTUBE_CHANNEL_ID.test(parts[1]) && (parts.length === 2 || (parts.length === 3 && parts[2] === 'live'))) {
    return { kind: 'youtube-channel', channelId: parts[1] };
  }
  return null;
}

function twitchSource(url: URL): LiveStreamSource | null {
  const host = url.hostname.toLowerCase();
  if (!TWITCH_HOSTS.has(host)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const channel = host === 'player.twitch.tv' ? (url.searchParams.get('channel') ?? '') : parts.length === 1 ? parts[0]! : '';
  if (!TWITCH_CHANNEL.test(channel) || TWITCH_NOT_CHANNELS.has(channel.toLowerCase())) return null;
  return { kind: 'twitch', channel: channel.toLowerCase() };
}

/** The stream an address names, or null when the site cannot play it (see the module's comment). */
export function liveStreamSource(text: string): LiveStreamSource | null {
  const url = httpsUrl(text.trim());
  if (!url) return null;
  const youtube = youtubeSource(url);
  if (youtube) return youtube;
  const twitch = twitchSource(url);
  if (twitch) return twitch;
  if (PLAYER_HOSTS.has(url.hostname.toLowerCase())) return { kind: 'iframe', src: url.href };
  if (/\.m3u8$/i.test(url.pathname)) return { kind: 'hls', src: url.href };
  return null;
}

/** The address as stored: trimmed, and in the URL's own spelling; null when no stream can be played from it. */
export function normaliseLiveStreamUrl(text: string): string | null {
  const trimmed = text.trim();
  return liveStreamSource(trimmed) ? new URL(trimmed).href : null;
}

/**
 * The player page to frame for a stream, or null for an HLS stream (a <video> plays it).
 * Twitch's player only plays inside a page whose host it is told (`parent`).
 */
export function liveStreamFrameSrc(source: LiveStreamSource, pageHost: string, autoplay: boolean): string | null {
  const play = autoplay ? '1' : '0';
  switch (source.kind) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(source.videoId)}?autoplay=${play}`;
    case 'youtube-channel':
      return `https://www.youtube.com/embed/live_stream?channel=${encodeURIComponent(source.channelId)}&autoplay=${play}`;
    case 'twitch':
      return `https://player.twitch.tv/?channel=${encodeURIComponent(source.channel)}&parent=${encodeURIComponent(pageHost)}&autoplay=${String(autoplay)}`;
    case 'iframe':
      return source.src;
    case 'hls':
      return null;
  }
}

/** The address a person can open in a new tab to watch the stream on its own site. */
export function liveStreamWatchUrl(source: LiveStreamSource): string {
  switch (source.kind) {
    case 'youtube':
      return `https://www.youtube.com/watch?v=${encodeURIComponent(source.videoId)}`;
    case 'youtube-channel':
      return `https://www.youtube.com/channel/${encodeURIComponent(source.channelId)}/live`;
    case 'twitch':
      return `https://www.twitch.tv/${encodeURIComponent(source.channel)}`;
    case 'iframe':
    case 'hls':
      return source.src;
  }
}
