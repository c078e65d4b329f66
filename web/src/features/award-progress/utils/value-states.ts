import type { AwardCard, AwardCellState, AwardValueState } from '@hamlog/domain/award-tracking/api';
import type { TrackedAwardId } from '@hamlog/domain/award-tracking/catalogue';
import { creditWord } from './progress';

/** The letter a grid cell shows for a state ('' for needed: the cell stays empty). */
export const STATE_LETTERS: Readonly<Record<AwardValueState, string>> = { confirmed: 'C', worked: 'W', needed: '' };

/** The states in the order the legends list them. */
export const LEGEND_STATES: readonly AwardValueState[] = ['confirmed', 'worked', 'needed'];

/** A state in words: 'Confirmed' ('Credited' for log-based awards), 'Worked, not confirmed', 'Needed'. */
export function stateWord(state: AwardValueState, card: Pick<AwardCard, 'basis'>): string {
  const credit = creditWord(card);
  if (state === 'confirmed') return credit === 'confirmed' ? 'Confirmed' : 'Credited';
  if (state === 'worked') return `Worked, not ${credit}`;
  return 'Needed';
}

export function cellState(cell: AwardCellState | undefined): AwardValueState {
  return cell === 'C' ? 'confirmed' : cell === 'W' ? 'worked' : 'needed';
}

/** Which map an award's values make: entities and zones have positions, grid squares are squares; parks and summits none. */
export type MapKind = 'world' | 'grid-squares' | null;

const MAP_KINDS: Readonly<Record<TrackedAwardId, MapKind>> = {
  DXCC: 'world',
  WAS: 'world',
  WAC: 'world',
  WAZ: 'world',
  ITU: 'world',
  WPX: 'world',
  IOTA: 'world',
  VUCC: 'grid-squares',
  GRIDS: 'grid-squares',
  POTA: null,
  POTA_ACT: null,
  SOTA: null,
  WWFF: null,
};

export function mapKind(award: TrackedAwardId): MapKind {
  return MAP_KINDS[award];
}
