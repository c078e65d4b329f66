import type { Pool } from 'pg';
import type { AwardTallyRow } from '@hamlog/domain/award-tracking/progress';

/**
 * How many values of an award each set of confirming services covers, per station, band and mode
 * group ('' for all), current and retired apart: a card or a grid's columns read these few rows
 * instead of counting every value's slot. `confirmed_by` is the CONFIRMED_BIT mask of the services
 * whose count is above 0; only values with the award's fewest QSOs are counted.
 */
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
