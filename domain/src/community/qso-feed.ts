import { hzToKhz } from '../frequency';
import { humanTimeSince } from '../human-time';
import type { QsoFeedItem } from './api-shapes';
import { isContestQso } from './rules';

/** A live QSO with its poster, as the read model has it. */
export interface QsoFeedSource {
  qdoId: string;
  /** The QSO's own time (ISO 8601 UTC), not the time it reached the log. */
  qsoAt: string;
  posterName: string;
  posterImageName: string;
  stationCallsign: string;
  call: string;
  band: string;
  mode: string;
  freqHz: number;
  contestName: string;
  country: string;
}

/** One item of the home page's QSO feed: its time and the time since (the QSO's, not the log's), the frequency masked on a contest QSO. */
export function qsoFeedItem(source: QsoFeedSource, now: Date): QsoFeedItem {
  return {
    entity_id: source.qdoId,
    qdo_id: source.qdoId,
    created_at: source.qsoAt,
    TimeAgo: humanTimeSince(source.qsoAt, now),
    poster_name: source.posterName,
    poster_image_name: source.posterImageName,
    station_callsign: source.stationCallsign,
    call: source.call,
    band: source.band,
    mode: source.mode,
    freq: isContestQso(source.contestName) ? null : hzToKhz(source.freqHz),
    ContestName: source.contestName,
    country: source.country,
  };
}
