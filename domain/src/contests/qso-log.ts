/** The contest QSOs straight from the event log: the reference the stream-built boards are compared with. */
import { liveQsosOfLog, type LoggedEvent } from '../qso/qso-log';
import type { ContestQso } from './scoring';

export type { LoggedEvent } from '../qso/qso-log';

export function contestQsosFromLog(events: Iterable<LoggedEvent>): ContestQso[] {
  return liveQsosOfLog(events).map(({ state, firstAt }) => ({
    qdoId: state.qdoId,
    stationUserId: state.stationUserId,
    stationCallsign: state.stationCallsign,
    ts: new Date(state.fields.ts),
    band: state.fields.band,
    mode: state.fields.mode,
    subMode: state.fields.subMode,
    call: state.fields.call,
    freqHz: state.fields.freqHz,
    contestName: state.fields.contestName,
    uploadedAt: firstAt,
  }));
}
