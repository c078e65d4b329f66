/** The caller's rig as POST /vrigcontrol/get answers it (freq in kHz). */
import type { RigState } from '../api-types';
import { hzToKhz } from '../frequency';
import { RIG_STALE_MS } from './decider';

/** No rig, or one that has gone quiet: the logger shows 'CAT Link Unavailable'. */
export const NO_RIG_STATE: Readonly<RigState> = Object.freeze({ freq: 0, mode: '', op_mode: 0, rig_name: '' });

export interface LastRigReport {
  rigName: string;
  freqHz: number;
  mode: string;
  opMode: number | null;
  /** ISO 8601 UTC time of the last event. */
  at: string;
}

/** Whether a rig last reported at `at` (ISO 8601) is still a live CAT link at `now`. */
export function isRigReportFresh(at: string, now: Date): boolean {
  return now.getTime() - Date.parse(at) <= RIG_STALE_MS;
}

export function rigStateAt(last: LastRigReport | null, now: Date): RigState {
  if (last === null || !isRigReportFresh(last.at, now)) return { ...NO_RIG_STATE };
  return { freq: hzToKhz(last.freqHz), mode: last.mode, op_mode: last.opMode ?? 0, rig_name: last.rigName };
}
