/** What the live station page and the stream field say to people (decision 0051). */

export const LIVE_STATION_NOT_FOUND = 'Station not found';
export const LIVE_STATION_NOT_FOUND_DETAIL = 'No station has this address. It may have been mistyped, or the link is old.';
export const LIVE_STATION_LOADING = 'Loading station...';
export const LIVE_STATION_LOAD_FAILED = 'The station could not be loaded. Please try again.';
export const liveStationNotLiveNow = (callsign: string): string => `${callsign} is not live now.`;
export const LIVE_STATION_NO_STREAM = 'This station has not set a live stream address.';
export const LIVE_STATION_NO_RIG = 'No rig reported in the last few minutes.';
export const LIVE_STATION_NO_QSOS = 'No QSOs logged yet.';
export const LIVE_STREAM_CANNOT_PLAY_HERE = 'This stream cannot be played in this browser.';
export const LIVE_STREAM_OPEN_ELSEWHERE = 'Open the stream';
export const LIVE_STREAM_POP_OUT = 'Pop out';
export const LIVE_STREAM_PLAYING_IN_POP_OUT = 'The stream is playing in the pop-out player.';
export const LIVE_STREAM_PLAY_HERE = 'Play here';

export const LIVE_STREAM_URL_LABEL = 'Live stream address';
export const LIVE_STREAM_URL_HINT = 'https address of a YouTube video or channel (youtube.com/channel/UC...), a Twitch channel, a Vimeo or Kick player, or an HLS stream (.m3u8). Shown on your live page while your app reports streaming.';
export const LIVE_STREAM_URL_INVALID =
  'The live stream address must be an https address of a YouTube video or channel (youtube.com/channel/UC...), a Twitch channel, a Vimeo or Kick player, or an HLS stream ending in .m3u8.';
