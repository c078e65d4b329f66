import type { Pool } from 'pg';
import type { AwardCellState } from '@hamlog/domain/award-tracking/api';
import { exclusionAward, type AwardSlotCounts } from '@hamlog/domain/award-tracking/slots';
import { SOTA_CHASES } from '@hamlog/domain/award-tracking/sota';
import { CONFIRMED_BIT, type ConfirmationService } from '@hamlog/domain/qso/confirmations';
import type { QsoDetails } from '@hamlog/domain/qso/details';
import { slotMaskSql } from './slot-mask-sql';

/** Which services count, as the logbook's CONFIRMED_BIT mask. */
export function sourcesMask(sources: readonly ConfirmationService[]): number {
  return sources.reduce((mask, service) => mask | CONFIRMED_BIT[service], 0);
}

/** SQL: the slot `s` is confirmed by a service of the mask in parameter `param`. */
function confirmedSql(param: string): string {
  return `(${slotMaskSql((service) => `s.${service}`)} & ${param}::int <> 0)`;
}

export interface AwardCountRule {
  award: string;
  /** sourcesMask of the services that count. */
  mask: number;
  /** The fewest QSOs that make a value count. */
  minQsos: number;
}

/** POTA: parks with at least one activation (a park-day with enough QSOs). */
export async function parksActivated(pool: Pool, userId: string, minQsos: number): Promise<number> {
  const { rows } = await pool.query<{ parks: number }>(
    `SELECT count(DISTINCT split_part(value, ' ', 1))::int AS parks FROM rm_award_slots
     WHERE station_user_id = $1 AND award = 'POTA_ACT' AND mode = '' AND band = '' AND qsos >= $2`,
    [userId, minQsos],
  );
  return rows[0]?.parks ?? 0;
}

/** The summits chased per UTC day ('W7W/CH-007 2025-03-01'), for SOTA's chaser points. */
export async function sotaChases(pool: Pool, userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ value: string }>(
    `SELECT value FROM rm_award_slots WHERE station_user_id = $1 AND award = $2 AND mode = '' AND band = '' AND qsos > 0`,
    [userId, SOTA_CHASES],
  );
  return rows.map((row) => row.value);
}

/** QSOs an award refuses, per reason ('!relay'). */
export async function awardExclusions(pool: Pool, userId: string, award: string): Promise<{ value: string; qsos: number }[]> {
  const { rows } = await pool.query<{ value: string; qsos: number }>(
    `SELECT value, qsos FROM rm_award_slots WHERE station_user_id = $1 AND award = $2 AND mode = '' AND band = '' ORDER BY value`,
    [userId, exclusionAward(award)],
  );
  return rows;
}

export interface ValueSlot extends AwardSlotCounts {
  value: string;
  retired: boolean;
}

const SLOT_COLUMNS = 's.value, s.retired, s.qsos, s.paper, s.lotw, s.eqsl, s.qrz, s.clublog';

/** Every value's slot of an award on every band (one mode group or ''), in value order. */
export async function valueSlots(pool: Pool, userId: string, award: string, mode: string): Promise<ValueSlot[]> {
  const { rows } = await pool.query<ValueSlot>(
    `SELECT ${SLOT_COLUMNS} FROM rm_award_slots s
     WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = $3 AND s.band = '' ORDER BY s.value`,
    [userId, award, mode],
  );
  return rows;
}

export interface ValuePageQuery {
  mode: string;
  status: '' | 'worked' | 'confirmed' | 'needed';
  /** Part of the value, any case. */
  search: string;
  rule: AwardCountRule;
  offset: number;
  limit: number;
}

/**
 * One page of an open-ended award's worked values (its values are their own labels), filtered by
 * state and text, in key order. The total is counted here only for a search (the tallies have it otherwise).
 */
export async function valueSlotPage(pool: Pool, userId: string, query: ValuePageQuery): Promise<{ slots: ValueSlot[]; total: number | null }> {
  if (query.status === 'needed') return { slots: [], total: 0 };
  const total = query.search === '' ? 'NULL::int' : 'count(*) OVER ()::int';
  const { rows } = await pool.query<ValueSlot & { total: number | null }>(
    `SELECT ${SLOT_COLUMNS}, ${total} AS total FROM rm_award_slots s
     WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = $3 AND s.band = ''
       AND s.qsos >= $6 AND ($4 = '' OR strpos(s.value, upper($4)) > 0) AND ($9 = '' OR ($9 = 'confirmed') = ${confirmedSql('$5')})
     ORDER BY s.value OFFSET $7 LIMIT $8`,
    [userId, query.rule.award, query.mode, query.search, query.rule.mask, query.rule.minQsos, query.offset, query.limit, query.status],
  );
  return { slots: rows, total: query.search === '' ? null : (rows[0]?.total ?? 0) };
}

/** The first `limit` current values worked on a band and mode group ('' for all) but not confirmed by the rule's services, and how many there are. */
export async function unconfirmedValues(pool: Pool, userId: string, rule: AwardCountRule, mode: string, band: string, limit: number): Promise<{ values: string[]; total: number }> {
  const { rows } = await pool.query<{ value: string; total: number }>(
    `SELECT s.value, count(*) OVER ()::int AS total FROM rm_award_slots s
     WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = $3 AND s.band = $4 AND s.qsos >= $6 AND NOT s.retired AND NOT ${confirmedSql('$5')}
     ORDER BY s.value LIMIT $7`,
    [userId, rule.award, mode, band, rule.mask, rule.minQsos, limit],
  );
  return { values: rows.map((row) => row.value), total: rows[0]?.total ?? 0 };
}

/**
 * The current values worked on a band ('' for all) in one mode group ('' for all), as two lists in
 * value order: those confirmed by the rule's services (or by none, for an award that asks none)
 * and those worked only. For the maps: 30,000 grid squares come back as two strings.
 */
export async function workedValueStates(pool: Pool, userId: string, rule: AwardCountRule, confirmationNeeded: boolean, band: string): Promise<{ confirmed: string[]; worked: string[] }> {
  const { rows } = await pool.query<{ confirmed: string | null; worked: string | null }>(
    `SELECT string_agg(value, E'\n' ORDER BY value) FILTER (WHERE confirmed) AS confirmed, string_agg(value, E'\n' ORDER BY value) FILTER (WHERE NOT confirmed) AS worked
     FROM (SELECT s.value, (NOT $5 OR ${confirmedSql('$4')}) AS confirmed FROM rm_award_slots s
       WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = '' AND s.band = $3 AND s.qsos >= $6 AND NOT s.retired) AS worked`,
    [userId, rule.award, band, rule.mask, confirmationNeeded, rule.minQsos],
  );
  const list = (text: string | null | undefined) => (text ? text.split('\n') : []);
  return { confirmed: list(rows[0]?.confirmed), worked: list(rows[0]?.worked) };
}

/**
 * The band cells of some values: C (confirmed) or W (worked), by value then band. The award's bands
 * are named so that each (band, value) is an index seek, not a walk of every band's slots.
 */
export async function bandCells(pool: Pool, userId: string, rule: AwardCountRule, mode: string, bands: readonly string[], values: string[]): Promise<Map<string, Record<string, AwardCellState>>> {
  const cells = new Map<string, Record<string, AwardCellState>>();
  if (values.length === 0) return cells;
  const { rows } = await pool.query<{ value: string; band: string; confirmed: boolean }>(
    `SELECT s.value, s.band, ${confirmedSql('$5')} AS confirmed FROM rm_award_slots s
     WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = $3 AND s.band = ANY($7) AND s.value = ANY($4) AND s.qsos >= $6`,
    [userId, rule.award, mode, values, rule.mask, rule.minQsos, bands],
  );
  for (const row of rows) {
    let byBand = cells.get(row.value);
    if (!byBand) cells.set(row.value, (byBand = {}));
    byBand[row.band] = row.confirmed ? 'C' : 'W';
  }
  return cells;
}

export interface NeededQsoRow {
  key: string;
  qdo_id: string;
  ts: Date;
  call: string;
  band: string;
  mode: string;
  details: QsoDetails | null;
}

/**
 * The newest QSOs (at most `perKey` each) crediting each award key ('DXCC|339') on a band and mode
 * group ('' for any). Three reads, each on its index: the QSO ids by key (the GIN index of the keys
 * scoped by station; a join lets the planner scan every QSO instead), their times to pick the
 * newest per key, then only the picked QSOs with their details.
 */
export async function qsosByAwardKey(pool: Pool, userId: string, keys: string[], band: string, mode: string, perKey: number): Promise<NeededQsoRow[]> {
  if (keys.length === 0) return [];
  const { rows: credited } = await pool.query<{ qdo_id: string; key: string }>(
    `SELECT a.qdo_id, k.key FROM rm_award_qsos a CROSS JOIN LATERAL unnest(a.keys) AS k(key)
     WHERE award_scoped_keys(a.station_user_id, a.keys) && $2 AND a.station_user_id = $1
       AND k.key = ANY($3) AND ($4 = '' OR a.band = $4) AND ($5 = '' OR a.mode_group = $5)`,
    [userId, keys.map((key) => `${userId}|${key}`), keys, band, mode],
  );
  if (credited.length === 0) return [];
  const { rows: times } = await pool.query<{ qdo_id: string; ts: Date }>('SELECT qdo_id, ts FROM rm_qsos WHERE qdo_id = ANY($1) AND NOT deleted', [
    [...new Set(credited.map((row) => row.qdo_id))],
  ]);
  const tsOf = new Map(times.map((row) => [row.qdo_id, row.ts.getTime()]));
  const byKey = new Map<string, string[]>();
  for (const { qdo_id, key } of credited) {
    if (!tsOf.has(qdo_id)) continue;
    const ids = byKey.get(key);
    if (ids) ids.push(qdo_id);
    else byKey.set(key, [qdo_id]);
  }
  const newestFirst = (a: string, b: string) => tsOf.get(b)! - tsOf.get(a)! || (a < b ? 1 : a > b ? -1 : 0);
  const picked = [...byKey.keys()].sort().flatMap((key) => byKey.get(key)!.sort(newestFirst).slice(0, perKey).map((qdoId) => ({ key, qdoId })));
  const { rows: qsos } = await pool.query<Omit<NeededQsoRow, 'key'>>('SELECT qdo_id, ts, call, band, mode, adif_details AS details FROM rm_qsos WHERE qdo_id = ANY($1)', [
    [...new Set(picked.map((row) => row.qdoId))],
  ]);
  const byId = new Map(qsos.map((qso) => [qso.qdo_id, qso]));
  return picked.flatMap(({ key, qdoId }) => {
    const qso = byId.get(qdoId);
    return qso ? [{ key, ...qso }] : [];
  });
}
