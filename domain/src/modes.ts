/**
 * ADIF 3.1.6 modes and sub-modes. Current modes are offered for choosing; deprecated ones are still
 * accepted (imports). A sub-mode belongs to one parent mode (SSB: LSB, USB).
 */
import { ADIF_MODES_TSV } from './generated/adif-modes';
import { ADIF_SUBMODES_TSV } from './generated/adif-submodes';
import { parseTsv } from './tsv';

export interface AdifMode {
  mode: string;
  deprecated: boolean;
  /** Its sub-modes in ADIF's order. */
  subModes: readonly string[];
}

/** One entry of the logger's mode dropdown. Sub-modes follow their parent; a UI prefixes them with dashes. */
export interface ModeOption {
  /** What the user picks and what resolveModeChoice() takes: the mode or the sub-mode. */
  value: string;
  isSubMode: boolean;
  /** The parent mode (for a mode: itself). */
  mode: string;
}

export interface ModeChoice {
  Mode: string;
  SubMode: string;
}

interface ModeTables {
  modes: readonly AdifMode[];
  byMode: ReadonlyMap<string, AdifMode>;
  parentOfSubMode: ReadonlyMap<string, string>;
  options: readonly ModeOption[];
}

let tables: ModeTables | undefined;

function splitSubModeList(list: string, known: ReadonlySet<string>): string[] {
  return list
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .flatMap((piece) => {
      // modes.tsv has 'MFSK128 MFSK128L' (a missing comma); split only when each word is a sub-mode.
      const words = piece.split(/\s+/);
      return words.length > 1 && words.every((word) => known.has(word)) ? words : [piece];
    });
}

function modeTables(): ModeTables {
  if (tables) return tables;
  const parentOfSubMode = new Map<string, string>();
  for (const row of parseTsv(ADIF_SUBMODES_TSV)) {
    if (row.submode && row.mode) parentOfSubMode.set(row.submode.toUpperCase(), row.mode.toUpperCase());
  }
  const knownSubModes = new Set(parentOfSubMode.keys());
  const modes: AdifMode[] = [];
  for (const row of parseTsv(ADIF_MODES_TSV)) {
    const mode = (row.mode ?? '').toUpperCase();
    if (!mode) continue;
    const listed = splitSubModeList(row.submodes_or_note ?? '', knownSubModes).map((s) => s.toUpperCase());
    for (const sub of listed) if (!parentOfSubMode.has(sub)) parentOfSubMode.set(sub, mode);
    const fromSubModeTable = [...parentOfSubMode].filter(([, parent]) => parent === mode).map(([sub]) => sub);
    const subModes = [...new Set([...listed, ...fromSubModeTable])];
    modes.push({ mode, deprecated: row.status === 'deprecated', subModes });
  }
  const byMode = new Map(modes.map((m) => [m.mode, m]));
  const options: ModeOption[] = [];
  for (const m of modes) {
    if (m.deprecated) continue;
    options.push({ value: m.mode, isSubMode: false, mode: m.mode });
    for (const sub of m.subModes) options.push({ value: sub, isSubMode: true, mode: m.mode });
  }
  tables = { modes, byMode, parentOfSubMode, options };
  return tables;
}

/** Every ADIF mode, current and deprecated, alphabetically. */
export function adifModes(): readonly AdifMode[] {
  return modeTables().modes;
}

/** The current (not deprecated) mode names, alphabetically. */
export function currentModes(): string[] {
  return modeTables()
    .modes.filter((m) => !m.deprecated)
    .map((m) => m.mode);
}

/** The logger's mode dropdown: each current mode followed by its sub-modes. */
export function modeOptions(): readonly ModeOption[] {
  return modeTables().options;
}

/** Any ADIF mode, current or deprecated (case-insensitive). */
export function isKnownMode(mode: string): boolean {
  return modeTables().byMode.has(mode.trim().toUpperCase());
}

/** A current ADIF mode (case-insensitive). */
export function isCurrentMode(mode: string): boolean {
  return modeTables().byMode.get(mode.trim().toUpperCase())?.deprecated === false;
}

/** A known sub-mode; with `mode`, a sub-mode of that mode (case-insensitive). */
export function isKnownSubMode(subMode: string, mode?: string): boolean {
  const parent = parentModeOf(subMode);
  if (parent === null) return false;
  return mode === undefined || parent === mode.trim().toUpperCase();
}

/** The mode a sub-mode belongs to ('USB' → 'SSB'), or null. */
export function parentModeOf(subMode: string): string | null {
  return modeTables().parentOfSubMode.get(subMode.trim().toUpperCase()) ?? null;
}

/**
 * What the logger stores for a dropdown choice: a sub-mode sets Mode to its parent and SubMode to
 * the choice; a mode clears SubMode. A deprecated mode that is now a sub-mode ('PSK31') becomes
 * that sub-mode. Null for an unknown choice.
 */
export function resolveModeChoice(choice: string): ModeChoice | null {
  const value = choice.trim().toUpperCase();
  const { byMode, parentOfSubMode } = modeTables();
  const mode = byMode.get(value);
  if (mode && !mode.deprecated) return { Mode: value, SubMode: '' };
  const parent = parentOfSubMode.get(value);
  if (parent !== undefined) return { Mode: parent, SubMode: value };
  if (mode) return { Mode: value, SubMode: '' };
  return null;
}

/** The default signal report: '599' for CW, '59' otherwise. */
export function defaultReportForMode(mode: string): string {
  return mode.trim().toUpperCase() === 'CW' ? '599' : '59';
}
