/** The daily awards (core.md §3 Award: award {name, short_name}), as data. */
import type { ModeClass } from '../community/mode-class';

export type AwardKey = 'qso' | 'dxcc' | 'cw' | 'voice' | 'data' | 'sstv';

export interface AwardDefinition {
  key: AwardKey;
  name: string;
  shortName: string;
  /** What is counted: qualifying QSOs, or distinct DXCC entities worked in them. */
  counts: 'qsos' | 'dxcc-entities';
  /** Only QSOs of this class of mode count; none: every mode. */
  modeClass?: ModeClass;
}

/** In the order a day's awards are shown. Six: one day fills the awards pane (AWARDS_IN_PANE). */
export const DAILY_AWARDS: readonly AwardDefinition[] = [
  { key: 'qso', name: 'Most QSOs of the day', shortName: 'QSO', counts: 'qsos' },
  { key: 'dxcc', name: 'Most DXCC entities of the day', shortName: 'DXCC', counts: 'dxcc-entities' },
  { key: 'cw', name: 'Most CW QSOs of the day', shortName: 'CW', counts: 'qsos', modeClass: 'CW' },
  { key: 'voice', name: 'Most voice QSOs of the day', shortName: 'VOICE', counts: 'qsos', modeClass: 'VOICE' },
  { key: 'data', name: 'Most data QSOs of the day', shortName: 'DATA', counts: 'qsos', modeClass: 'DATA' },
  { key: 'sstv', name: 'Most SSTV QSOs of the day', shortName: 'SSTV', counts: 'qsos', modeClass: 'SSTV' },
];

/** The most awards GET /award/latest answers (the home strip and the pane show the first few). */
export const AWARDS_LATEST_LIMIT = 20;

/** What the count of an award is of, for its image: '42 QSOs', '1 DXCC entity'. */
export function awardCountText(counts: AwardDefinition['counts'], count: number): string {
  if (counts === 'dxcc-entities') return `${count} DXCC ${count === 1 ? 'entity' : 'entities'}`;
  return `${count} ${count === 1 ? 'QSO' : 'QSOs'}`;
}

export function awardDefinition(key: string): AwardDefinition | undefined {
  return DAILY_AWARDS.find((a) => a.key === key);
}

/** An award's id: its day and key ('2025-01-31-cw'), the same for the provisional and the final winner. */
export const awardId = (day: string, key: AwardKey): string => `${day}-${key}`;

/** The day and key of an award id, or null when it cannot be one. */
export function parseAwardId(id: string): { day: string; key: AwardKey } | null {
  const m = /^(\d{4}-\d{2}-\d{2})-([a-z]+)$/.exec(id);
  const definition = m ? awardDefinition(m[2]!) : undefined;
  return m && definition ? { day: m[1]!, key: definition.key } : null;
}

/** The most awards a public profile lists (user_awards), newest first. */
export const PROFILE_AWARDS_LIMIT = 50;
