/**
 * The rig aggregate, one stream per user: `rig-{userId}`. A companion app reports the rig every
 * second or two; an unchanged report writes an event only once the last one is 30 s old, which
 * keeps the stream small and still tells readers the rig is alive (a rig silent for 5 minutes
 * is no CAT link).
 *
 * Each event carries the whole rig state, so the state is simply the last event: a reader may
 * start from any revision that includes the last event (command-api's RigStreams does).
 */
import { assertNever, type Decider, type Message } from '../decider';
import { reportedMoment, RIG_MOMENT_FIELDS, type RigMoment, type RigReport } from './rig-report';

export const rigStreamName = (userId: string): string => `rig-${userId}`;

/** An unchanged report within this time of the last event is not written. */
export const RIG_HEARTBEAT_MS = 30_000;
/** A rig whose last event is older than this is not a CAT link any more. */
export const RIG_STALE_MS = 5 * 60_000;

/** The moment fields (PTT, heading, activation, streaming ...) are absent when the report left them out, and in events from before them. */
export interface RigReportedData extends RigMoment {
  userId: string;
  rigName: string;
  freqHz: number;
  mode: string;
  power: number | null;
  /** Absent when the app never said (Cloudlog clients do not). */
  opMode?: number;
  /** ISO 8601 UTC. */
  at: string;
}

export type RigReported = Message<'RigReported', RigReportedData>;
export type RigEvent = RigReported;
export const RIG_EVENT_TYPES = ['RigReported'] as const satisfies readonly RigEvent['type'][];

/** `at` is the server's ISO 8601 UTC time of the report. */
export type ReportRig = Message<'ReportRig', { userId: string; report: RigReport; at: string }>;
export type RigCommand = ReportRig;

export type RigAggregateState = RigReportedData | null;

export function initialRigState(): RigAggregateState {
  return null;
}

/**
 * What the report means given the last state: frequency, power and op mode it leaves out stay as
 * they were for the same rig; the moment fields are the report's own (see rig-report.ts).
 */
function resolved(userId: string, report: RigReport, at: string, last: RigAggregateState): RigReportedData {
  const sameRig = last !== null && last.rigName === report.rigName;
  const data: RigReportedData = {
    userId,
    rigName: report.rigName,
    freqHz: report.freqHz ?? (sameRig ? last.freqHz : 0),
    mode: report.mode,
    power: report.power ?? (sameRig ? last.power : null),
    at,
    ...reportedMoment(report),
  };
  const opMode = report.opMode ?? (sameRig ? last.opMode : undefined);
  if (opMode !== undefined) data.opMode = opMode;
  return data;
}

function sameRigState(a: RigReportedData, b: RigReportedData): boolean {
  return a.rigName === b.rigName && a.freqHz === b.freqHz && a.mode === b.mode && a.power === b.power && a.opMode === b.opMode
    && RIG_MOMENT_FIELDS.every((key) => a[key] === b[key]);
}

export function decideRig(command: RigCommand, state: RigAggregateState): RigEvent[] {
  switch (command.type) {
    case 'ReportRig': {
      const { userId, report, at } = command.data;
      const next = resolved(userId, report, at, state);
      if (state !== null && sameRigState(state, next) && Date.parse(at) - Date.parse(state.at) < RIG_HEARTBEAT_MS) return [];
      return [{ type: 'RigReported', data: next }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolveRig(_state: RigAggregateState, event: RigEvent): RigAggregateState {
  switch (event.type) {
    case 'RigReported':
      return event.data;
    default:
      return assertNever(event.type);
  }
}

export const rigDecider: Decider<RigCommand, RigEvent, RigAggregateState> = {
  initialState: initialRigState,
  decide: decideRig,
  evolve: evolveRig,
};
