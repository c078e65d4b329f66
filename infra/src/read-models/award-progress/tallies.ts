import type { ClientBase, Pool } from 'pg';
import { trackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { minimumQsos, type AwardTallyRow } from '@hamlog/domain/award-tracking/progress';
import { slotConfirmedBy, type AwardSlotCounts } from '@hamlog/domain/award-tracking/slots';

/**
 * How many values of an award each set of confirming services covers, per station, band and mode
 * group ('' for all), current and retired apart: a card or a grid's columns read these few rows
 * instead of counting every value's slot. `confirmed_by` is the CONFIRMED_BIT mask of the services
 * whose count is above 0; only values with the award's fewest QSOs are counted.
 */
export interface SlotChange {
  station: string;
  award: string;
  band: string;
  mode: string;
  value: string;
  retired: boolean;
  before: AwardSlotCounts;
  after: AwardSlotCounts;
}

/** Moves each changed slot's value from the tally it was counted in to the one it is counted in now. */
export async function applyTallyChanges(client: ClientBase, changes: readonly SlotChange[]): Promise<void> {
  const deltas = new Map<string, { key: [string, string, string, string, boolean, number]; values: number }>();
  const add = (change: SlotChange, mask: number, by: number) => {
    const id = `${change.station}\u0000${change.award}\u0000${change.mode}\u0000${change.band}\u0000${change.retired}\u0000${mask}`;
    const found = deltas.get(id);
    if (found) found.values += by;
    else deltas.set(id, { key: [change.station, change.award, change.mode, change.band, change.retired, mask], values: by });
  };
  for (const change of changes) {
    // Refused QSOs are counted under an award key of their own ('DXCC!'), which has no tallies.
    const award = trackedAward(change.award);
    if (!award) continue;
    const least = minimumQsos(award);
    const was = change.before.qsos >= least ? slotConfirmedBy(change.before) : -1;
    const is = change.after.qsos >= least ? slotConfirmedBy(change.after) : -1;
    if (was === is) continue;
    if (was >= 0) add(change, was, -1);
    if (is >= 0) add(change, is, 1);
  }
  const rows = [...deltas.values()].filter((d) => d.values !== 0);
  if (rows.length === 0) return;
  const column = (i: number) => rows.map((row) => row.key[i]);
  await client.query(
    `INSERT INTO rm_award_tallies AS t (station_user_id, award, mode, band, retired, confirmed_by, value_count)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::smallint[], $7::int[]) ORDER BY 1, 2, 3, 4, 5, 6
     ON CONFLICT (station_user_id, award, mode, band, retired, confirmed_by) DO UPDATE SET value_count = t.value_count + EXCLUDED.value_count`,
    [column(0), column(1), column(2), column(3), column(4), column(5), rows.map((row) => row.values)],
  );
  // Only a value leaving a tally can empty it: logging mostly adds.
  if (rows.every((row) => row.values > 0)) return;
  await client.query(
    `DELETE FROM rm_award_tallies t USING unnest($1::text[], $2::text[]) AS s(u, a)
     WHERE t.station_user_id = s.u AND t.award = s.a AND t.value_count <= 0`,
    [column(0), column(1)],
  );
}

export interface TallyRule {
  award: string;
  /** CONFIRMED_BIT mask of the services that count. */
  mask: number;
}

/** Worked and confirmed values per award, band and mode group, from the tallies; `where` picks the band/mode cut. */
async function tallies(pool: Pool, userId: string, rules: readonly TallyRule[], where: string, params: unknown[]): Promise<AwardTallyRow[]> {
  const { rows } = await pool.query<AwardTallyRow>(
    `SELECT t.award, t.band, t.mode, t.retired, sum(t.value_count)::int AS worked,
       coalesce(sum(t.value_count) FILTER (WHERE t.confirmed_by & p.mask <> 0), 0)::int AS confirmed
     FROM unnest($2::text[], $3::int[]) AS p(award, mask)
     JOIN rm_award_tallies t ON t.station_user_id = $1 AND t.award = p.award AND ${where}
     GROUP BY 1, 2, 3, 4`,
    [userId, rules.map((r) => r.award), rules.map((r) => r.mask), ...params],
  );
  return rows;
}

/** Per award: its totals on every band (per band, every mode) and per mode group (every band). */
export function cardTallies(pool: Pool, userId: string, rules: readonly TallyRule[]): Promise<AwardTallyRow[]> {
  return tallies(pool, userId, rules, `(t.mode = '' OR (t.mode IN ('CW', 'PHONE', 'DATA') AND t.band = ''))`, []);
}

/** One award's totals per band in one mode group ('' for all): a grid's columns. */
export function columnTallies(pool: Pool, userId: string, rule: TallyRule, mode: string): Promise<AwardTallyRow[]> {
  return tallies(pool, userId, [rule], `t.mode = $4 AND t.band <> ''`, [mode]);
}
