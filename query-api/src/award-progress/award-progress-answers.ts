import type { Pool } from 'pg';
import {
  NEEDED_QSOS_PER_VALUE,
  NEEDED_VALUES_LIMIT,
  type AwardCard,
  type AwardColumn,
  type AwardMapAnswer,
  type AwardNeededAnswer,
  type AwardPageAnswer,
  type AwardRow,
  type NeededValue,
} from '@hamlog/domain/award-tracking/api';
import { TRACKED_AWARDS, VUCC_THRESHOLDS, needsConfirmation, type TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { awardKey } from '@hamlog/domain/award-tracking/credits';
import { neededServices } from '@hamlog/domain/award-tracking/needed';
import { awardCard, awardRow, excludedList, minimumQsos, slotState, type AwardCardExtras, type AwardTallyRow } from '@hamlog/domain/award-tracking/progress';
import { sotaChaserPoints, type SotaSummitList } from '@hamlog/domain/award-tracking/sota';
import { awardUniverse, awardValueInfo } from '@hamlog/domain/award-tracking/values';
import { SERVICE_NAMES, type ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { cardTallies, columnTallies } from '@hamlog/infra/read-models/award-progress/tallies';
import {
  awardExclusions,
  bandCells,
  parksActivated,
  sotaChases,
  qsosByAwardKey,
  sourcesMask,
  valueSlotPage,
  unconfirmedValues,
  valueSlots,
  workedValueStates,
  type AwardCountRule,
  type ValueSlot,
} from '@hamlog/infra/read-models/award-progress/queries';
import type { AwardQuery } from './award-progress-query';

function countRule(award: TrackedAward, sources: readonly ConfirmationService[]): AwardCountRule {
  return { award: award.id, mask: sourcesMask(sources), minQsos: minimumQsos(award) };
}

/** What the answers read: the read model, and SOTA's summit list when the server holds one. */
export interface AwardReads {
  pool: Pool;
  sota: SotaSummitList | null;
}

/** The awards' cards, and each award's tally rows they were made from. */
async function cardsFor(reads: AwardReads, userId: string, awards: readonly TrackedAward[], sourcesOf: (award: TrackedAward) => ConfirmationService[]): Promise<{ cards: AwardCard[]; rows: Map<string, AwardTallyRow[]> }> {
  const { pool } = reads;
  const tallies = await cardTallies(pool, userId, awards.map((award) => ({ award: award.id, mask: sourcesMask(sourcesOf(award)) })));
  const rows = new Map<string, AwardTallyRow[]>();
  for (const row of tallies) {
    const own = rows.get(row.award);
    if (own) own.push(row);
    else rows.set(row.award, [row]);
  }
  const potaActivations = awards.find((award) => award.id === 'POTA_ACT');
  const parks = potaActivations ? await parksActivated(pool, userId, minimumQsos(potaActivations)) : undefined;
  const sota = reads.sota && awards.some((award) => award.id === 'SOTA') ? sotaChaserPoints(await sotaChases(pool, userId), reads.sota) : undefined;
  const extrasOf = (award: TrackedAward): AwardCardExtras => (award.id === 'POTA_ACT' ? { parksActivated: parks } : award.id === 'SOTA' ? { sotaPoints: sota } : {});
  return { cards: awards.map((award) => awardCard(award, sourcesOf(award), rows.get(award.id) ?? [], extrasOf(award))), rows };
}

/** One award's card and its current values' worked and confirmed counts in a mode group ('' for all). */
async function cardOf(reads: AwardReads, userId: string, award: TrackedAward, sources: ConfirmationService[], mode = ''): Promise<{ card: AwardCard; worked: number; confirmed: number }> {
  const { cards, rows } = await cardsFor(reads, userId, [award], () => sources);
  const cut = (rows.get(award.id) ?? []).filter((row) => row.band === '' && row.mode === mode && !row.retired);
  return { card: cards[0]!, worked: cut.reduce((n, row) => n + row.worked, 0), confirmed: cut.reduce((n, row) => n + row.confirmed, 0) };
}

/** A card per award; `sources` (when the caller chose) counts those services for every award, else each desk's. */
export async function awardCards(reads: AwardReads, userId: string, sources: ConfirmationService[] | null): Promise<AwardCard[]> {
  return (await cardsFor(reads, userId, TRACKED_AWARDS, (award) => sources ?? [...award.accepted])).cards;
}

function matches(row: AwardRow, query: AwardQuery): boolean {
  if (query.status !== '' && row.state !== query.status) return false;
  if (query.search === '') return true;
  const text = query.search.toLowerCase();
  return row.label.toLowerCase().includes(text) || row.value.toLowerCase().includes(text) || row.note.toLowerCase().includes(text);
}

/** Rows of an award with a known list: every value, needed ones too, filtered and paged here. */
async function knownRows(pool: Pool, userId: string, query: AwardQuery, universe: readonly string[]): Promise<{ rows: AwardRow[]; total: number }> {
  const slots = new Map((await valueSlots(pool, userId, query.award.id, query.mode)).map((slot) => [slot.value, slot]));
  const rows = universe.map((value) => awardRow(query.award, value, slots.get(value), {}, query.sources)).filter((row) => matches(row, query));
  if (query.award.id === 'DXCC') rows.sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return { rows: rows.slice(query.offset, query.offset + query.limit), total: rows.length };
}

/** Rows of an open-ended award: a page of its worked values; the total from its tallies unless searched. */
async function openRows(pool: Pool, userId: string, query: AwardQuery, counts: { worked: number; confirmed: number }): Promise<{ rows: AwardRow[]; total: number }> {
  const page = await valueSlotPage(pool, userId, { ...query, rule: countRule(query.award, query.sources) });
  const total = page.total ?? (query.status === 'confirmed' ? counts.confirmed : query.status === 'worked' ? counts.worked - counts.confirmed : counts.worked);
  return { rows: page.slots.map((slot) => awardRow(query.award, slot.value, slot, {}, query.sources)), total };
}

function columnsOf(award: TrackedAward, totals: AwardTallyRow[]): AwardColumn[] {
  const logBased = !needsConfirmation(award);
  return award.bands.map((band) => {
    const current = totals.filter((row) => row.band === band && !row.retired);
    const worked = current.reduce((n, row) => n + row.worked, 0);
    const confirmed = current.reduce((n, row) => n + row.confirmed, 0);
    return { band, worked, confirmed: logBased ? worked : confirmed, goal: award.id === 'VUCC' ? (VUCC_THRESHOLDS[band] ?? null) : null };
  });
}

export async function awardPage(reads: AwardReads, userId: string, query: AwardQuery): Promise<Omit<AwardPageAnswer, 'callsign'>> {
  const { pool } = reads;
  const { award } = query;
  const rule = countRule(award, query.sources);
  const universe = awardUniverse(award.id);
  const [{ card, ...counts }, totals, excluded] = await Promise.all([
    cardOf(reads, userId, award, query.sources, query.mode),
    award.dimensions === 'none' ? Promise.resolve([]) : columnTallies(pool, userId, rule, query.mode),
    awardExclusions(pool, userId, award.id),
  ]);
  const page = universe ? await knownRows(pool, userId, query, universe) : await openRows(pool, userId, query, counts);
  if (award.dimensions !== 'none') {
    const cells = await bandCells(pool, userId, rule, query.mode, award.bands, page.rows.filter((row) => row.qsos > 0).map((row) => row.value));
    for (const row of page.rows) row.cells = cells.get(row.value) ?? {};
  }
  return {
    card,
    mode: query.mode,
    status: query.status,
    columns: columnsOf(award, totals),
    rows: page.rows,
    total_rows: page.total,
    offset: query.offset,
    limit: query.limit,
    excluded: excludedList(excluded),
  };
}

/** Every value with its state on a band ('' for all), and where those with a position are, for the maps. */
export async function awardMap(reads: AwardReads, userId: string, query: AwardQuery): Promise<AwardMapAnswer> {
  const { pool } = reads;
  const { award } = query;
  const [{ confirmed, worked }, { card }] = await Promise.all([
    workedValueStates(pool, userId, countRule(award, query.sources), needsConfirmation(award), query.band),
    cardOf(reads, userId, award, query.sources),
  ]);
  // Only an award with a known list has values not worked, and positions (DXCC's entities).
  const current = (awardUniverse(award.id) ?? []).flatMap((value) => {
    const info = awardValueInfo(award.id, value);
    return info.retired ? [] : [{ value, info }];
  });
  const seen = new Set([...confirmed, ...worked]);
  const needed = current.filter(({ value }) => !seen.has(value)).map(({ value }) => value);
  const places = current.flatMap(({ value, info }) => (info.lat !== null && info.lon !== null ? [{ value, label: info.label, lat: info.lat, lon: info.lon }] : []));
  return { card, band: query.band, states: { confirmed, worked, needed }, places };
}

/** Values worked but not confirmed by the chosen services, each with its newest QSOs and what could still confirm them. */
export async function awardNeeded(reads: AwardReads, userId: string, query: AwardQuery): Promise<AwardNeededAnswer> {
  const { pool } = reads;
  const { award } = query;
  const { card } = await cardOf(reads, userId, award, query.sources);
  const needed = needsConfirmation(award)
    ? await unconfirmedValues(pool, userId, countRule(award, query.sources), query.mode, query.band, NEEDED_VALUES_LIMIT)
    : { values: [], total: 0 };
  const found = await qsosByAwardKey(pool, userId, needed.values.map((value) => awardKey(award.id, value)), query.band, query.mode, NEEDED_QSOS_PER_VALUE);
  const values: NeededValue[] = needed.values.map((value) => ({ value, label: awardValueInfo(award.id, value).label, qsos: [] }));
  const byKey = new Map(values.map((value) => [awardKey(award.id, value.value), value]));
  for (const row of found) {
    byKey.get(row.key)?.qsos.push({
      qdo_id: row.qdo_id,
      ts: row.ts.toISOString().replace('.000Z', 'Z'),
      call: row.call,
      band: row.band,
      mode: row.mode,
      services: neededServices(row.details ?? undefined, query.sources),
    });
  }
  return { card, band: query.band, mode: query.mode, values, total_values: needed.total };
}

function csvField(text: string | number): string {
  const value = String(text);
  // A leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The credited values (confirmed by the chosen services; log-based awards: worked), one CSV line each. */
export async function awardCreditsCsv(reads: AwardReads, userId: string, query: AwardQuery): Promise<string> {
  const { pool } = reads;
  const { award } = query;
  const rule = countRule(award, query.sources);
  const credited = (await valueSlots(pool, userId, award.id, query.mode)).filter((slot: ValueSlot) => slotState(award, slot, query.sources) === 'confirmed');
  const cells = award.dimensions === 'none' ? new Map() : await bandCells(pool, userId, rule, query.mode, award.bands, credited.map((slot) => slot.value));
  const lines = [['Award', 'Value', 'Name', 'Note', 'QSOs', 'Confirmed by', 'Bands confirmed'].join(',')];
  for (const slot of credited) {
    const info = awardValueInfo(award.id, slot.value);
    const by = query.sources.filter((service) => slot[service] > 0).map((service) => SERVICE_NAMES[service]).join('; ');
    const bands = Object.entries((cells.get(slot.value) ?? {}) as Record<string, string>).filter(([, state]) => state === 'C').map(([band]) => band).join('; ');
    lines.push([award.id, slot.value, info.label, info.retired ? 'Deleted entity' : info.note, slot.qsos, by, bands].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
