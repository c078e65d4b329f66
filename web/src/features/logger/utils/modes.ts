/**
 * The Mode dropdown over the domain's list ('@hamlog/domain/modes': each current ADIF mode followed
 * by its sub-modes), which it shows with a dash before a sub-mode; the quick buttons; and the pairs
 * the list lacks (an imported QSO), which travel as 'MODE|SUBMODE'.
 */
import { modeOptions, resolveModeChoice, type ModeOption } from '@hamlog/domain/modes';
import { DEFAULT_MODE as DEFAULT_MODE_NAME } from '@hamlog/domain/qso/field-limits';

/** Quick buttons beside the dropdown. */
export const QUICK_MODES: readonly string[] = ['LSB', 'USB', 'CW', 'AM', 'FM'];

export interface ModeChoice {
  mode: string;
  subMode: string;
}

export const DEFAULT_MODE: ModeChoice = { mode: DEFAULT_MODE_NAME, subMode: '' };

export interface ModeEntry {
  value: string;
  /** '-USB' for a sub-mode, 'SSB' for a mode. */
  label: string;
  isSubMode: boolean;
}

const PAIR = '|';

const listed: ReadonlyMap<string, ModeOption> = new Map(modeOptions().map((o) => [o.value, o]));

/** Whether a choice names an entry of the list. */
export function isListedMode(value: string): boolean {
  return listed.has(value.trim().toUpperCase());
}

/**
 * A dropdown value, a quick button or a rig's mode as Mode and SubMode, by the domain's rule
 * ('USB' → SSB/USB, 'CW' → CW/''). Anything else is kept: a pair, or a mode of its own.
 */
export function chooseMode(choice: string): ModeChoice {
  const wanted = choice.trim().toUpperCase();
  const resolved = resolveModeChoice(wanted);
  if (resolved) return { mode: resolved.Mode, subMode: resolved.SubMode };
  const [mode = '', subMode = ''] = wanted.split(PAIR);
  return { mode, subMode };
}

/** The dropdown value for a Mode/SubMode pair. */
export function valueForMode(choice: ModeChoice): string {
  const mode = choice.mode.trim().toUpperCase();
  const sub = choice.subMode.trim().toUpperCase();
  if (!sub || sub === mode) return mode;
  const option = listed.get(sub);
  if (option?.isSubMode && option.mode === mode) return sub;
  return `${mode}${PAIR}${sub}`;
}

/** The dropdown's entries, plus the current pair when the list does not have it (editing an imported QSO). */
export function dropdownEntries(current: ModeChoice): ModeEntry[] {
  const entries = modeOptions().map((o) => ({ value: o.value, label: o.isSubMode ? `-${o.value}` : o.value, isSubMode: o.isSubMode }));
  const value = valueForMode(current);
  if (value && !listed.has(value)) {
    const label = current.subMode ? `${current.mode} (${current.subMode})` : current.mode;
    entries.push({ value, label, isSubMode: false });
  }
  return entries;
}
