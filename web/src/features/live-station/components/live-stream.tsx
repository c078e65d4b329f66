import { useSyncExternalStore } from 'react';
import type { LiveStreamSource } from '@hamlog/domain/live-station/stream-address';
import { liveStreamWatchUrl } from '@hamlog/domain/live-station/stream-address';
import {
  LIVE_STATION_NO_STREAM,
  LIVE_STREAM_CANNOT_PLAY_HERE,
  LIVE_STREAM_OPEN_ELSEWHERE,
  LIVE_STREAM_PLAY_HERE,
  LIVE_STREAM_PLAYING_IN_POP_OUT,
  LIVE_STREAM_POP_OUT,
  liveStationNotLiveNow,
} from '@hamlog/domain/live-station/texts';
import { poppedVideo, popOutVideo, stopPoppedVideo, subscribePoppedVideo } from '@/lib/video-player';
import { inPagePlayer, isPoppedOut, playsHlsNatively, poppedStream } from '../utils/stream-player';

function OpenElsewhere({ source }: { source: LiveStreamSource }) {
  return (
    <a href={liveStreamWatchUrl(source)} target="_blank" rel="noopener noreferrer">
      {LIVE_STREAM_OPEN_ELSEWHERE}
    </a>
  );
}

/**
 * The station's live stream: played in the page while the station reports streaming, or handed to
 * the shell's pop-out player (then the page shows a note and 'Play here' instead of a second
 * player). An HLS stream plays only where the browser plays HLS itself; elsewhere the page says so
 * and links to the stream. Not streaming: says so.
 */
export function LiveStream({ callsign, live, source }: { callsign: string; live: boolean; source: LiveStreamSource | null }) {
  const popped = useSyncExternalStore(subscribePoppedVideo, poppedVideo, poppedVideo);
  if (!live) {
    return (
      <div className="live-stream live-stream-off">
        <p className="live-stream-status">{liveStationNotLiveNow(callsign)}</p>
        {source ? null : <p className="muted">{LIVE_STATION_NO_STREAM}</p>}
      </div>
    );
  }
  if (!source) {
    return (
      <div className="live-stream live-stream-off">
        <p className="muted">{LIVE_STATION_NO_STREAM}</p>
      </div>
    );
  }
  const host = window.location.hostname;
  const nativeHls = playsHlsNatively();
  const title = `${callsign} live`;
  const player = inPagePlayer(source, host, nativeHls);
  const stream = poppedStream(source, host, nativeHls, title);

  if (isPoppedOut(popped, stream)) {
    return (
      <div className="live-stream live-stream-off">
        <p>{LIVE_STREAM_PLAYING_IN_POP_OUT}</p>
        <button type="button" className="btn btn-secondary" onClick={stopPoppedVideo}>
          {LIVE_STREAM_PLAY_HERE}
        </button>
      </div>
    );
  }
  if (player.kind === 'unplayable') {
    return (
      <div className="live-stream live-stream-off">
        <p role="status">{LIVE_STREAM_CANNOT_PLAY_HERE}</p>
        <OpenElsewhere source={source} />
      </div>
    );
  }
  return (
    <div className="live-stream">
      <div className="live-stream-frame">
        {player.kind === 'frame' ? (
          <iframe
            src={player.src}
            title={`Live stream of ${callsign}`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <video src={player.src} controls playsInline title={`Live stream of ${callsign}`} />
        )}
      </div>
      <p className="live-stream-actions">
        {stream ? (
          <button type="button" className="btn btn-secondary" onClick={() => popOutVideo(stream)}>
            {LIVE_STREAM_POP_OUT}
          </button>
        ) : null}
        <OpenElsewhere source={source} />
      </p>
    </div>
  );
}
