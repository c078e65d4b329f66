/**
 * The award tracker's answers built from the slots the read model counts: a card per award, a row
 * per value with why it is or is not credited, and the query's choices (sources, mode) parsed once.
 */
import { CONFIRMATION_SERVICES, SERVICE_NAMES, type ConfirmationService } from '../qso/confirmations';
import type { AwardCard, AwardCellState, AwardExcluded, AwardRow, AwardTally, AwardValueState } from './api';
import {
  AWARD_MODE_GROUPS,
  DXCC_CHALLENGE_BANDS,
  AWARD_MODE_LABELS,
  POTA_ACTIVATION_QSOS,
  VUCC_THRESHOLDS,
  needsConfirmation,
  type AwardModeGroup,
  type TrackedAward,
} from './catalogue';
import { EXCLUSION_TEXTS, type AwardExclusion } from './credits';
import { slotConfirmed, type AwardSlotCounts } from './slots';
import type { SotaChaserPoints } from './sota';
import { awardValueInfo } from './values';

/** Worked and confirmed values of one award on one band and mode ('' for all), current or retired. */
export interface AwardTallyRow {
  award: string;
  band: string;
  mode: string;
  retired: boolean;
  worked: number;
  confirmed: number;
}

/** The fewest QSOs that make a value count (a POTA activation needs 10). */
export function minimumQsos(award: TrackedAward): number {
  return award.id === 'POTA_ACT' ? POTA_ACTIVATION_QSOS : 1;
}

/** `mode=CW|PHONE|DATA`, '' or absent for every mode; anything else null. */
export function parseModeGroup(raw: unknown): '' | AwardModeGroup | null {
  if (raw === undefined || raw === '') return '';
  const upper = typeof raw === 'string' ? raw.toUpperCase() : '';
  return (AWARD_MODE_GROUPS as readonly string[]).includes(upper) ? (upper as AwardModeGroup) : null;
}

function sum(rows: AwardTallyRow[], pick: (row: AwardTallyRow) => boolean): { worked: number; confirmed: number } {
  let worked = 0;
  let confirmed = 0;
  for (const row of rows) {
    if (!pick(row)) continue;
    worked += row.worked;
    confirmed += row.confirmed;
  }
  return { worked, confirmed };
}

export interface AwardCardExtras {
  /** POTA: parks with at least one activation. */
  parksActivated?: number;
  /** SOTA: the chaser points, when the server holds SOTA's summit list. */
  sotaPoints?: SotaChaserPoints;
}

export function awardCard(award: TrackedAward, sources: ConfirmationService[], rows: AwardTallyRow[], extras: AwardCardExtras = {}): AwardCard {
  const logBased = !needsConfirmation(award);
  const tally = (label: string, counts: { worked: number; confirmed: number }, goal: number | null): AwardTally => ({
    label,
    worked: counts.worked,
    confirmed: logBased ? counts.worked : counts.confirmed,
    goal,
  });
  const main = sum(rows, (row) => row.band === '' && row.mode === '' && !row.retired);
  const tallies: AwardTally[] = [];
  if (award.id === 'DXCC') {
    tallies.push(tally('Including deleted entities', sum(rows, (row) => row.band === '' && row.mode === ''), null));
    tallies.push(tally('Challenge (band-entities, 160–6 m)', sum(rows, (row) => row.mode === '' && !row.retired && DXCC_CHALLENGE_BANDS.includes(row.band)), 1000));
  }
  if (award.dimensions === 'band-mode') {
    for (const mode of AWARD_MODE_GROUPS) tallies.push(tally(AWARD_MODE_LABELS[mode], sum(rows, (row) => row.band === '' && row.mode === mode && !row.retired), award.goal));
  }
  for (const band of award.bands) {
    const counts = sum(rows, (row) => row.band === band && row.mode === '' && !row.retired);
    if (counts.worked > 0) tallies.push(tally(band, counts, award.id === 'VUCC' ? (VUCC_THRESHOLDS[band] ?? null) : award.id === 'DXCC' ? award.goal : null));
  }
  if (extras.parksActivated !== undefined) tallies.push({ label: 'Parks activated', worked: extras.parksActivated, confirmed: extras.parksActivated, goal: null });
  if (extras.sotaPoints) {
    const { points, unscored } = extras.sotaPoints;
    // Shack Sloth: SOTA's trophy for 1,000 chaser points.
    tallies.push({ label: 'Chaser points', worked: points, confirmed: points, goal: 1000 });
    if (unscored > 0) tallies.push({ label: 'Summit-days without points (not in SOTA’s list that day)', worked: unscored, confirmed: unscored, goal: null });
  }
  return {
    id: award.id,
    name: award.name,
    sponsor: award.sponsor,
    unit: award.unit,
    total: award.total,
    goal: award.goal,
    dimensions: award.dimensions,
    basis: award.basis,
    rules: award.rules,
    accepted: [...award.accepted],
    sources: logBased ? [] : sources,
    worked: main.worked,
    confirmed: logBased ? main.worked : main.confirmed,
    tallies,
  };
}

/** The state of a value's slot: needed when it has no slot or too few QSOs. */
export function slotState(award: TrackedAward, slot: AwardSlotCounts | undefined, sources: readonly ConfirmationService[]): AwardValueState {
  if (!slot || slot.qsos < minimumQsos(award)) return 'needed';
  if (!needsConfirmation(award) || slotConfirmed(slot, sources)) return 'confirmed';
  return 'worked';
}

function listed(services: ConfirmationService[]): string {
  const names = services.map((service) => (service === 'paper' ? 'a QSL card' : SERVICE_NAMES[service]));
  return names.length <= 1 ? (names[0] ?? 'no service') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

const times = (n: number) => (n === 1 ? '1 QSO' : `${n} QSOs`);

/** Why a value is or is not credited, in words. */
export function whyText(award: TrackedAward, slot: AwardSlotCounts | undefined, sources: ConfirmationService[], retired: boolean): string {
  const deleted = retired ? ' A deleted entity: it counts only in the total that includes deleted entities.' : '';
  if (!slot || slot.qsos === 0) return `Not worked yet.${deleted}`;
  if (award.basis === 'activation') {
    return slot.qsos >= POTA_ACTIVATION_QSOS ? `Activated with ${times(slot.qsos)}.` : `${times(slot.qsos)} of the ${POTA_ACTIVATION_QSOS} an activation needs.`;
  }
  if (award.basis === 'log') return `Worked in ${times(slot.qsos)}: credited from the other station’s log.`;
  const by = sources.filter((service) => slot[service] > 0);
  if (by.length > 0) return `Confirmed by ${by.map((service) => `${service === 'paper' ? 'QSL card' : SERVICE_NAMES[service]} (${slot[service]})`).join(', ')}.${deleted}`;
  const others = CONFIRMATION_SERVICES.filter((service) => !sources.includes(service) && slot[service] > 0);
  const desk = sources.length === award.accepted.length && sources.every((service) => award.accepted.includes(service));
  const otherText = others.length === 0 ? '' : ` ${others.map((service) => `${SERVICE_NAMES[service]} confirmed ${slot[service]}`).join(', ')}, which ${desk ? `the ${award.sponsor} desk does not accept` : 'you chose not to count'}.`;
  return `Worked in ${times(slot.qsos)}; none confirmed by ${listed(sources)}.${otherText}${deleted}`;
}

export function awardRow(
  award: TrackedAward,
  value: string,
  slot: AwardSlotCounts | undefined,
  cells: Record<string, AwardCellState>,
  sources: ConfirmationService[],
): AwardRow {
  const info = awardValueInfo(award.id, value);
  const confirmedBy: AwardRow['confirmed_by'] = {};
  if (slot) for (const service of CONFIRMATION_SERVICES) if (slot[service] > 0) confirmedBy[service] = slot[service];
  return {
    value,
    label: info.label,
    note: info.note,
    state: slotState(award, slot, sources),
    qsos: slot?.qsos ?? 0,
    confirmed_by: confirmedBy,
    why: whyText(award, slot, sources, info.retired),
    cells,
  };
}

export function excludedList(rows: { value: string; qsos: number }[]): AwardExcluded[] {
  return rows
    .filter((row) => row.qsos > 0)
    .map((row) => {
      const reason = row.value.slice(1) as AwardExclusion;
      return { reason, text: `${times(row.qsos)} not credited: ${EXCLUSION_TEXTS[reason] ?? reason}.`, qsos: row.qsos };
    });
}
