/**
 * The Mode dropdown: the ADIF list (each mode followed by its sub-modes, shown with a dash).
 * Choosing a sub-mode sets Mode to its parent and SubMode to the choice; choosing a mode clears
 * SubMode.
 */
import { MODE_OPTIONS, type ModeOptionEntry } from '../data/mode-options';

/** Quick buttons beside the dropdown. */
export const QUICK_MODES: readonly string[] = ['LSB', 'USB', 'CW', 'AM', 'FM'];

export interface ModeChoice {
  mode: string;
  subMode: string;
}

export const DEFAULT_MODE: ModeChoice = { mode: 'SSB', subMode: '' };

export interface ModeEntry {
  value: string;
  /** '-USB' for a sub-mode, 'SSB' for a mode. */
  label: string;
  isSubMode: boolean;
}

/** A stored pair that is not in the list (from an import) travels as 'MODE|SUBMODE'. */
const PAIR = '|';

const byValue = new Map(MODE_OPTIONS.map((o) => [o.value, o]));

export function modeOption(value: string): ModeOptionEntry | undefined {
  return byValue.get(value.trim().toUpperCase());
}

/** Whether a choice names an entry of the list. */
export function isListedMode(value: string): boolean {
  return modeOption(value) !== undefined;
}

/**
 * A dropdown value, a quick button or a rig's mode as Mode and SubMode ('USB' → SSB/USB,
 * 'CW' → CW/''). Anything not in the list is kept as a mode of its own.
 */
export function chooseMode(choice: string): ModeChoice {
  const wanted = choice.trim().toUpperCase();
  const found = byValue.get(wanted);
  if (found) return found.isSubMode ? { mode: found.mode, subMode: found.value } : { mode: found.value, subMode: '' };
  const [mode = '', subMode = ''] = wanted.split(PAIR);
  return { mode, subMode };
}

/** The dropdown value for a Mode/SubMode pair. */
export function valueForMode(choice: ModeChoice): string {
  const mode = choice.mode.trim().toUpperCase();
  const sub = choice.subMode.trim().toUpperCase();
  if (!sub || sub === mode) return mode;
  const option = byValue.get(sub);
  if (option?.isSubMode && option.mode === mode) return sub;
  return `${mode}${PAIR}${sub}`;
}

/** The dropdown's entries, plus the current pair when the list does not have it (editing an imported QSO). */
export function dropdownEntries(current: ModeChoice): ModeEntry[] {
  const entries = MODE_OPTIONS.map((o) => ({ value: o.value, label: o.isSubMode ? `-${o.value}` : o.value, isSubMode: o.isSubMode }));
  const value = valueForMode(current);
  if (value && !byValue.has(value)) {
    const label = current.subMode ? `${current.mode} (${current.subMode})` : current.mode;
    entries.push({ value, label, isSubMode: false });
  }
  return entries;
}
