/**
 * The live station page (/live/user/{id}, decision 0051): its address, its read call and what the
 * call answers. GET /api/vlivestation/{id} is public: the station's card (the same card rule as the
 * home page's feed), the stream it plays and its latest QSOs with only what the public feeds show.
 */
import type { FeedUserCard } from '../community/api-shapes';
import { isContestQso } from '../community/rules';
import { hzToKhz } from '../frequency';
import type { LiveRig } from '../community/feed-card';
import { isRigStreaming } from '../community/feed-card';
import { isRigReportFresh } from '../rig/rig-state';
import type { LiveStreamSource } from './stream-address';

/** The page's address for a station (the user cards' camera link). */
export const liveStationPath = (userId: string): string => `/live/user/${encodeURIComponent(userId)}`;

/** The read call's path under /api. */
export const liveStationApiPath = (userId: string): string => `/vlivestation/${encodeURIComponent(userId)}`;

/** How many of the station's latest QSOs the page lists. */
export const LIVE_STATION_QSO_LIMIT = 10;

/** One of the station's latest QSOs: the public feed's fields; a contest QSO's frequency is hidden (null). */
export interface LiveStationQso {
  qdo_id: string;
  /** QSO time, ISO 8601 UTC. */
  TS: string;
  Call: string;
  Band: string;
  Mode: string;
  SubMode: string;
  /** kHz; null on a contest QSO (or none logged). */
  Freq: number | null;
  ContestName: string;
  country: string;
}

export interface LiveStationAnswer {
  /** The station's card now: is_live says it is streaming. */
  station: FeedUserCard;
  /** The stream set in the station's profile, as the page plays it; null: none set. */
  live_stream: LiveStreamSource | null;
  /** Newest first, at most LIVE_STATION_QSO_LIMIT. */
  qsos: LiveStationQso[];
}

/** What a QSO row carries for the page. */
export interface LiveStationQsoSource {
  qdoId: string;
  ts: string;
  call: string;
  band: string;
  mode: string;
  subMode: string;
  freqHz: number;
  contestName: string;
  country: string;
}

export function liveStationQso(source: LiveStationQsoSource): LiveStationQso {
  return {
    qdo_id: source.qdoId,
    TS: source.ts,
    Call: source.call,
    Band: source.band,
    Mode: source.mode,
    SubMode: source.subMode,
    Freq: isContestQso(source.contestName) || source.freqHz <= 0 ? null : hzToKhz(source.freqHz),
    ContestName: source.contestName,
    country: source.country,
  };
}

/** Streaming now: the card's is_live, for a station's last rig report (POST /vsr's live_stream_count counts these). */
export function isStreamingNow(rig: LiveRig, now: Date): boolean {
  return isRigReportFresh(rig.at, now) && isRigStreaming(rig);
}
