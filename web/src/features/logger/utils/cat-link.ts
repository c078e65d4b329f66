/** The CAT link: the rig's frequency (and for some modes its mode and operating mode) fill the form. */
import type { RigState } from '../../../types/api';
import { khzToMhzInput } from '../../../utils/frequency';
import { isOpMode } from './op-modes';

/** Modes whose name the rig reports reliably enough for the form to follow. */
export const CAT_FOLLOWED_MODES: ReadonlySet<string> = new Set([
  'SSB', 'LSB', 'USB', 'FT4', 'FT8', 'DIGITALVOICE', 'DMR', 'C4FM', 'CW', 'SSTV',
]);

/** The link is usable when the rig reports a frequency above 0. */
export function rigAvailable(rig: RigState | null | undefined): rig is RigState {
  return !!rig && Number(rig.freq) > 0;
}

export function catLabel(rig: RigState | null | undefined): string | null {
  if (!rigAvailable(rig)) return null;
  return `Use CAT link to ${rig.rig_name.trim() || 'your rig'}`;
}

export interface RigFollow {
  /** MHz, as the Freq field shows it. */
  freq: string;
  /** A mode or sub-mode name for chooseMode(). */
  mode?: string;
  opMode?: number;
}

/** What the form takes from the rig, or null when there is no rig. */
export function rigFollow(rig: RigState | null | undefined): RigFollow | null {
  if (!rigAvailable(rig)) return null;
  const freq = khzToMhzInput(rig.freq);
  const mode = (rig.mode ?? '').trim().toUpperCase();
  if (!CAT_FOLLOWED_MODES.has(mode)) return { freq };
  // 0 (QRT) is what companions that know no operating mode send with a live frequency: keep the user's.
  return isOpMode(rig.op_mode) && rig.op_mode > 0 ? { freq, mode, opMode: rig.op_mode } : { freq, mode };
}
