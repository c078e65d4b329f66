/**
 * The award read model's unit: a slot is one award value on one band and mode group ('' for all),
 * with how many QSOs credit it and how many of those each service confirmed. Whether a slot is
 * confirmed for a set of sources is then "some chosen service's count is above 0": a QSO confirmed
 * by one of them exists exactly then. A QSO adds one to each of its slots; an edit takes its old
 * slots away and adds its new ones, so the counts stay exact under any order of edits.
 */
import { CONFIRMATION_SERVICES, CONFIRMED_BIT, type ConfirmationService } from '../qso/confirmations';
import { trackedAward, type TrackedAwardId } from './catalogue';
import { isExclusionValue, splitAwardKey, type QsoAwardCredits } from './credits';

/** Where an award's refused QSOs are counted ('DXCC!'), apart from its values, so reading them never scans the values. */
export function exclusionAward(award: string): string {
  return `${award}!`;
}

export interface AwardSlotCounts {
  qsos: number;
  paper: number;
  lotw: number;
  eqsl: number;
  qrz: number;
  clublog: number;
}

export interface AwardSlot extends AwardSlotCounts {
  award: TrackedAwardId;
  value: string;
  /** '' for every band. */
  band: string;
  /** '' for every mode. */
  mode: string;
}

/** What the award projection keeps of a QSO to take its slots away again. */
export interface CreditedQso {
  credits: QsoAwardCredits;
  /** CONFIRMED_BIT per service that confirmed it. */
  confirmed: number;
}

export function slotId(award: string, value: string, band: string, mode: string): string {
  return `${award}|${value}|${band}|${mode}`;
}

/** A slot's change in a batch: the station ('' when one station's alone), the slot, and what to add to its counts. */
export interface SlotDelta extends AwardSlotCounts {
  station: string;
  award: string;
  value: string;
  band: string;
  mode: string;
}

/** Keyed by the station, NUL and the slot id (the slot id alone for station ''). */
export type SlotDeltas = Map<string, SlotDelta>;

function addQso(deltas: SlotDeltas, qso: CreditedQso, sign: 1 | -1, station: string): void {
  const bump = (award: string, value: string, band: string, mode: string) => {
    const id = slotId(award, value, band, mode);
    const key = station === '' ? id : `${station}\u0000${id}`;
    let delta = deltas.get(key);
    if (!delta) deltas.set(key, (delta = { station, award, value, band, mode, qsos: 0, paper: 0, lotw: 0, eqsl: 0, qrz: 0, clublog: 0 }));
    delta.qsos += sign;
    if (qso.confirmed !== 0) for (const service of CONFIRMATION_SERVICES) if (qso.confirmed & CONFIRMED_BIT[service]) delta[service] += sign;
  };
  const { band, modeGroup } = qso.credits;
  // Per band and mode as the award endorses them, and the totals ('' band or mode).
  for (const key of qso.credits.keys) {
    const [award, value] = splitAwardKey(key);
    if (isExclusionValue(value)) {
      bump(exclusionAward(award), value, '', '');
      continue;
    }
    const dimensions = trackedAward(award)?.dimensions ?? 'none';
    bump(award, value, '', '');
    if (dimensions === 'none') continue;
    bump(award, value, band, '');
    if (dimensions === 'band') continue;
    bump(award, value, '', modeGroup);
    bump(award, value, band, modeGroup);
  }
}

/**
 * Adds what a QSO's change does to the slots (before: its last credited state; after: its new one;
 * absent: none), for `station` (the projection's batches hold many stations).
 */
export function addSlotDeltas(deltas: SlotDeltas, before: CreditedQso | undefined, after: CreditedQso | undefined, station = ''): void {
  if (before) addQso(deltas, before, -1, station);
  if (after) addQso(deltas, after, 1, station);
}

/** Whether any of the chosen services confirmed a QSO of the slot. */
export function slotConfirmed(slot: AwardSlotCounts, sources: readonly ConfirmationService[]): boolean {
  return sources.some((service) => slot[service] > 0);
}
