import type { Pool } from 'pg';
import type { AwardCellState } from '@hamlog/domain/award-tracking/api';
import type { AwardTallyRow } from '@hamlog/domain/award-tracking/progress';
import type { AwardSlotCounts } from '@hamlog/domain/award-tracking/slots';
import { CONFIRMED_BIT, type ConfirmationService } from '@hamlog/domain/qso/confirmations';
import type { QsoDetails } from '@hamlog/domain/qso/details';

/** Which services count, as the logbook's CONFIRMED_BIT mask. */
export function sourcesMask(sources: readonly ConfirmationService[]): number {
  return sources.reduce((mask, service) => mask | CONFIRMED_BIT[service], 0);
}

/** SQL: the slot `s` is confirmed by a service of the mask in parameter `param`. */
function confirmedSql(param: string): string {
  return `((${param}::int & ${CONFIRMED_BIT.paper} > 0 AND s.paper > 0) OR (${param}::int & ${CONFIRMED_BIT.lotw} > 0 AND s.lotw > 0)
    OR (${param}::int & ${CONFIRMED_BIT.eqsl} > 0 AND s.eqsl > 0) OR (${param}::int & ${CONFIRMED_BIT.qrz} > 0 AND s.qrz > 0)
    OR (${param}::int & ${CONFIRMED_BIT.clublog} > 0 AND s.clublog > 0))`;
}

export interface AwardCountRule {
  award: string;
  /** sourcesMask of the services that count. */
  mask: number;
  /** The fewest QSOs that make a value count. */
  minQsos: number;
}

/**
 * Worked and confirmed values per award, band (every mode) and mode group (every band), current
 * and retired apart. Read as two index ranges per award: its every-mode rows, and its per-mode totals.
 */
export async function awardTallies(pool: Pool, userId: string, rules: AwardCountRule[]): Promise<AwardTallyRow[]> {
  const { rows } = await pool.query<AwardTallyRow>(
    `SELECT s.award, s.band, s.mode, s.retired, count(*)::int AS worked, count(*) FILTER (WHERE ${confirmedSql('p.mask')})::int AS confirmed
     FROM unnest($2::text[], $3::int[], $4::int[]) AS p(award, mask, min_qsos)
     JOIN rm_award_slots s ON s.station_user_id = $1 AND s.award = p.award
       AND (s.mode = '' OR (s.mode IN ('CW', 'PHONE', 'DATA') AND s.band = ''))
     WHERE s.qsos >= p.min_qsos AND left(s.value, 1) <> '!'
     GROUP BY 1, 2, 3, 4`,
    [userId, rules.map((r) => r.award), rules.map((r) => r.mask), rules.map((r) => r.minQsos)],
  );
  return rows;
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

/** QSOs an award refuses, per reason ('!relay'). */
export async function awardExclusions(pool: Pool, userId: string, award: string): Promise<{ value: string; qsos: number }[]> {
  const { rows } = await pool.query<{ value: string; qsos: number }>(
    `SELECT value, qsos FROM rm_award_slots WHERE station_user_id = $1 AND award = $2 AND mode = '' AND band = '' AND left(value, 1) = '!' ORDER BY value`,
    [userId, award],
  );
  return rows;
}

export interface ValueSlot extends AwardSlotCounts {
  value: string;
  retired: boolean;
}

const SLOT_COLUMNS = 's.value, s.retired, s.qsos, s.paper, s.lotw, s.eqsl, s.qrz, s.clublog';

/** Every value's slot of an award on every band (one mode group or ''), in value order. */
export async function valueSlots(pool: Pool, userId: string, award: string, mode: string, band = ''): Promise<ValueSlot[]> {
  const { rows } = await pool.query<ValueSlot>(
    `SELECT ${SLOT_COLUMNS} FROM rm_award_slots s
     WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = $3 AND s.band = $4 AND left(s.value, 1) <> '!' ORDER BY s.value`,
    [userId, award, mode, band],
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

/** One page of an open-ended award's worked values (its values are their own labels), filtered by state and text. */
export async function valueSlotPage(pool: Pool, userId: string, query: ValuePageQuery): Promise<{ slots: ValueSlot[]; total: number }> {
  if (query.status === 'needed') return { slots: [], total: 0 };
  const { rows } = await pool.query<ValueSlot & { total: number }>(
    `SELECT ${SLOT_COLUMNS}, count(*) OVER ()::int AS total FROM rm_award_slots s
     WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = $3 AND s.band = '' AND left(s.value, 1) <> '!'
       AND s.qsos >= $6 AND ($4 = '' OR strpos(s.value, upper($4)) > 0) AND ($9 = '' OR ($9 = 'confirmed') = ${confirmedSql('$5')})
     ORDER BY s.value OFFSET $7 LIMIT $8`,
    [userId, query.rule.award, query.mode, query.search, query.rule.mask, query.rule.minQsos, query.offset, query.limit, query.status],
  );
  return { slots: rows, total: rows[0]?.total ?? 0 };
}

/** The band cells of some values: C (confirmed) or W (worked), by value then band. */
export async function bandCells(pool: Pool, userId: string, rule: AwardCountRule, mode: string, values: string[]): Promise<Map<string, Record<string, AwardCellState>>> {
  const cells = new Map<string, Record<string, AwardCellState>>();
  if (values.length === 0) return cells;
  const { rows } = await pool.query<{ value: string; band: string; confirmed: boolean }>(
    `SELECT s.value, s.band, ${confirmedSql('$5')} AS confirmed FROM rm_award_slots s
     WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = $3 AND s.band <> '' AND s.value = ANY($4) AND s.qsos >= $6`,
    [userId, rule.award, mode, values, rule.mask, rule.minQsos],
  );
  for (const row of rows) {
    let byBand = cells.get(row.value);
    if (!byBand) cells.set(row.value, (byBand = {}));
    byBand[row.band] = row.confirmed ? 'C' : 'W';
  }
  return cells;
}

/** Worked and confirmed values per band (one mode group or ''), retired values apart. */
export async function bandTotals(pool: Pool, userId: string, rule: AwardCountRule, mode: string): Promise<AwardTallyRow[]> {
  const { rows } = await pool.query<AwardTallyRow>(
    `SELECT s.award, s.band, s.mode, s.retired, count(*)::int AS worked, count(*) FILTER (WHERE ${confirmedSql('$4')})::int AS confirmed
     FROM rm_award_slots s
     WHERE s.station_user_id = $1 AND s.award = $2 AND s.mode = $3 AND s.band <> '' AND left(s.value, 1) <> '!' AND s.qsos >= $5
     GROUP BY 1, 2, 3, 4`,
    [userId, rule.award, mode, rule.mask, rule.minQsos],
  );
  return rows;
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

/** The newest QSOs (at most `perKey` each) crediting each award key ('DXCC|339') on a band and mode group ('' for any). */
export async function qsosByAwardKey(pool: Pool, userId: string, keys: string[], band: string, mode: string, perKey: number): Promise<NeededQsoRow[]> {
  if (keys.length === 0) return [];
  const { rows } = await pool.query<NeededQsoRow>(
    `SELECT key, qdo_id, ts, call, band, mode, details FROM (
       SELECT k.key, q.qdo_id, q.ts, q.call, q.band, q.mode, q.adif_details AS details,
         row_number() OVER (PARTITION BY k.key ORDER BY q.ts DESC, q.qdo_id DESC) AS n
       FROM rm_award_qsos a
       CROSS JOIN LATERAL unnest(a.keys) AS k(key)
       JOIN rm_qsos q ON q.qdo_id = a.qdo_id AND NOT q.deleted
       WHERE award_scoped_keys(a.station_user_id, a.keys) && $2 AND a.station_user_id = $1
         AND k.key = ANY($3) AND ($4 = '' OR a.band = $4) AND ($5 = '' OR a.mode_group = $5)
     ) found WHERE n <= $6 ORDER BY key, ts DESC`,
    [userId, keys.map((key) => `${userId}|${key}`), keys, band, mode, perKey],
  );
  return rows;
}

