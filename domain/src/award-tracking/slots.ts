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

export function parseSlotId(id: string): Pick<AwardSlot, 'award' | 'value' | 'band' | 'mode'> {
  const parts = id.split('|');
  const mode = parts.pop()!;
  const band = parts.pop()!;
  const [award, ...value] = parts;
  return { award: award as TrackedAwardId, value: value.join('|'), band, mode };
}

/** The slot ids one QSO's credits fill: per band and mode as its award endorses them, and the totals. */
export function creditedSlotIds(credits: QsoAwardCredits): string[] {
  const ids: string[] = [];
  for (const key of credits.keys) {
    const [award, value] = splitAwardKey(key);
    if (isExclusionValue(value)) {
      ids.push(slotId(exclusionAward(award), value, '', ''));
      continue;
    }
    const dimensions = trackedAward(award)?.dimensions ?? 'none';
    ids.push(slotId(award, value, '', ''));
    if (dimensions === 'none') continue;
    ids.push(slotId(award, value, credits.band, ''));
    if (dimensions === 'band') continue;
    ids.push(slotId(award, value, '', credits.modeGroup), slotId(award, value, credits.band, credits.modeGroup));
  }
  return ids;
}

export type SlotDeltas = Map<string, AwardSlotCounts>;

function addQso(deltas: SlotDeltas, qso: CreditedQso, sign: 1 | -1, keyPrefix: string): void {
  for (const slot of creditedSlotIds(qso.credits)) {
    const id = keyPrefix + slot;
    let delta = deltas.get(id);
    if (!delta) deltas.set(id, (delta = { qsos: 0, paper: 0, lotw: 0, eqsl: 0, qrz: 0, clublog: 0 }));
    delta.qsos += sign;
    for (const service of CONFIRMATION_SERVICES) if (qso.confirmed & CONFIRMED_BIT[service]) delta[service] += sign;
  }
}

/**
 * Adds what a QSO's change does to the slots (before: its last credited state; after: its new one;
 * absent: none), keyed by slot id after `keyPrefix` (the projection's: the station, for a batch of many).
 */
export function addSlotDeltas(deltas: SlotDeltas, before: CreditedQso | undefined, after: CreditedQso | undefined, keyPrefix = ''): void {
  if (before) addQso(deltas, before, -1, keyPrefix);
  if (after) addQso(deltas, after, 1, keyPrefix);
}

/** The CONFIRMED_BIT mask of the services that confirmed a QSO of the slot. */
export function slotConfirmedBy(slot: AwardSlotCounts): number {
  let mask = 0;
  for (const service of CONFIRMATION_SERVICES) if (slot[service] > 0) mask |= CONFIRMED_BIT[service];
  return mask;
}

/** Whether any of the chosen services confirmed a QSO of the slot. */
export function slotConfirmed(slot: AwardSlotCounts, sources: readonly ConfirmationService[]): boolean {
  return sources.some((service) => slot[service] > 0);
}
