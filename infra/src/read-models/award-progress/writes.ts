import type { ClientBase } from 'pg';
import type { AwardModeGroup } from '@hamlog/domain/award-tracking/catalogue';
import { trackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { minimumQsos } from '@hamlog/domain/award-tracking/progress';
import type { CreditedQso, SlotDelta } from '@hamlog/domain/award-tracking/slots';
import { isRetiredValue } from '@hamlog/domain/award-tracking/values';
import { CONFIRMATION_SERVICES } from '@hamlog/domain/qso/confirmations';
import { slotMaskSql } from './slot-mask-sql';

export interface StationCreditedQso {
  stationUserId: string;
  credited: CreditedQso;
}

/** What the award projection last credited for these QSOs (a deleted or unknown QSO is absent). */
export async function readCreditedQsos(client: ClientBase, qdoIds: string[]): Promise<Map<string, StationCreditedQso>> {
  const found = new Map<string, StationCreditedQso>();
  if (qdoIds.length === 0) return found;
  const { rows } = await client.query<{ qdo_id: string; station_user_id: string; band: string; mode_group: AwardModeGroup; confirmed: number; keys: string[] }>(
    'SELECT qdo_id, station_user_id, band, mode_group, confirmed, keys FROM rm_award_qsos WHERE qdo_id = ANY($1)',
    [qdoIds],
  );
  for (const row of rows) {
    found.set(row.qdo_id, { stationUserId: row.station_user_id, credited: { credits: { band: row.band, modeGroup: row.mode_group, keys: row.keys }, confirmed: row.confirmed } });
  }
  return found;
}

/** Writes each QSO's credited state (undefined: deleted). */
export async function saveCreditedQsos(client: ClientBase, states: Map<string, StationCreditedQso | undefined>): Promise<void> {
  const gone = [...states].filter(([, state]) => state === undefined).map(([qdoId]) => qdoId);
  if (gone.length > 0) await client.query('DELETE FROM rm_award_qsos WHERE qdo_id = ANY($1)', [gone]);
  const live = [...states].filter((entry): entry is [string, StationCreditedQso] => entry[1] !== undefined);
  if (live.length === 0) return;
  await client.query(
    `INSERT INTO rm_award_qsos (qdo_id, station_user_id, band, mode_group, confirmed, keys)
     SELECT q, u, b, m, c, CASE WHEN k = '' THEN '{}'::text[] ELSE string_to_array(k, E'\\n') END
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::text[]) AS t(q, u, b, m, c, k)
     ON CONFLICT (qdo_id) DO UPDATE SET station_user_id = EXCLUDED.station_user_id, band = EXCLUDED.band,
       mode_group = EXCLUDED.mode_group, confirmed = EXCLUDED.confirmed, keys = EXCLUDED.keys`,
    [
      live.map(([qdoId]) => qdoId),
      live.map(([, s]) => s.stationUserId),
      live.map(([, s]) => s.credited.credits.band),
      live.map(([, s]) => s.credited.credits.modeGroup),
      live.map(([, s]) => s.credited.confirmed),
      live.map(([, s]) => s.credited.credits.keys.join('\n')),
    ],
  );
}

const SLOT_KEY = 'station_user_id, award, band, mode, value';
const COUNTS = ['qsos', ...CONFIRMATION_SERVICES] as const;
const KEY_PARAMS = '$1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[]';

/** The fewest QSOs that make a value of `award` count; 0 for refused QSOs' own keys ('DXCC!'), which have no tallies. */
function leastQsos(award: string): number {
  const tracked = trackedAward(award);
  return tracked ? minimumQsos(tracked) : 0;
}

/** The slot key and `retired` columns of the deltas, parameters $1 to $6. */
function keyColumns(deltas: readonly SlotDelta[]): unknown[] {
  return [
    deltas.map((d) => d.station),
    deltas.map((d) => d.award),
    deltas.map((d) => d.band),
    deltas.map((d) => d.mode),
    deltas.map((d) => d.value),
    deltas.map((d) => isRetiredValue(d.award, d.value)),
  ];
}

/**
 * Adds the deltas to the slots and moves each changed value between the tallies (tallies.ts), then
 * drops the slots no QSO credits any more and the tallies left empty. A value is tallied under the
 * CONFIRMED_BIT mask of the services whose count is above 0, once it has its award's fewest QSOs.
 */
export async function applySlotDeltas(client: ClientBase, deltas: ReadonlyMap<string, SlotDelta>): Promise<void> {
  // Logging's usual change: more unconfirmed QSOs for a value that counts from its first QSO.
  const added: SlotDelta[] = [];
  const moved: SlotDelta[] = [];
  for (const d of deltas.values()) {
    if (d.qsos > 0 && CONFIRMATION_SERVICES.every((service) => d[service] === 0) && leastQsos(d.award) <= 1) added.push(d);
    else if (COUNTS.some((count) => d[count] !== 0)) moved.push(d);
  }
  let emptied = { slots: 0, tallies: 0 };
  if (added.length > 0) await addUnconfirmed(client, added, [...new Set(added.map((d) => d.award))].filter((award) => leastQsos(award) > 0));
  if (moved.length > 0) emptied = await moveSlots(client, moved);
  if (emptied.slots > 0) {
    const lost = moved.filter((d) => d.qsos < 0);
    await client.query(
      `DELETE FROM rm_award_slots s USING unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(u, a, b, m, v)
       WHERE s.station_user_id = t.u AND s.award = t.a AND s.band = t.b AND s.mode = t.m AND s.value = t.v AND s.qsos <= 0`,
      [lost.map((d) => d.station), lost.map((d) => d.award), lost.map((d) => d.band), lost.map((d) => d.mode), lost.map((d) => d.value)],
    );
  }
  if (emptied.tallies > 0) {
    await client.query('DELETE FROM rm_award_tallies WHERE station_user_id = ANY($1) AND value_count <= 0', [[...new Set(moved.map((d) => d.station))]]);
  }
}

/**
 * Unconfirmed QSOs added to values that count from their first QSO: a slot already there stays in
 * its tally (a slot has a QSO or is gone), and a new one joins the unconfirmed tally (mask 0). The
 * upsert's new rows are those with xmax 0 (an updated row keeps the upsert's lock in xmax).
 */
async function addUnconfirmed(client: ClientBase, deltas: SlotDelta[], talliedAwards: string[]): Promise<void> {
  await client.query(
    `WITH slots AS (
       INSERT INTO rm_award_slots AS s (${SLOT_KEY}, retired, ${COUNTS.join(', ')})
       SELECT t.*, ${CONFIRMATION_SERVICES.map(() => '0').join(', ')} FROM unnest(${KEY_PARAMS}, $7::int[]) AS t ORDER BY 1, 2, 4, 3, 5
       ON CONFLICT (station_user_id, award, mode, band, value) DO UPDATE SET qsos = s.qsos + EXCLUDED.qsos
       RETURNING s.station_user_id, s.award, s.mode, s.band, s.retired, s.xmax = 0 AS created
     )
     INSERT INTO rm_award_tallies AS t (station_user_id, award, mode, band, retired, confirmed_by, value_count)
     SELECT station_user_id, award, mode, band, retired, 0, count(*) FROM slots WHERE created AND award = ANY($8)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
     ON CONFLICT (station_user_id, award, mode, band, retired, confirmed_by) DO UPDATE SET value_count = t.value_count + EXCLUDED.value_count`,
    [...keyColumns(deltas), deltas.map((d) => d.qsos), talliedAwards],
  );
}

/**
 * Any other change (confirmations, QSOs taken away, the POTA activations' 10-QSO rule): adds the
 * deltas and moves each value whose tally changes, in one statement, each row's fewest QSOs from
 * the domain (`leastQsos`). Answers how many slots and tallies it left at 0 or below, for the
 * caller to drop.
 */
async function moveSlots(client: ClientBase, deltas: SlotDelta[]): Promise<{ slots: number; tallies: number }> {
  const countParams = COUNTS.map((_, i) => `$${7 + i}::int[]`).join(', ');
  const leastParam = 7 + COUNTS.length;
  const { rows } = await client.query<{ slots: number; tallies: number }>(
    `WITH input AS (
       SELECT * FROM unnest(${KEY_PARAMS}, ${countParams}, $${leastParam}::int[]) AS t(${SLOT_KEY}, retired, ${COUNTS.join(', ')}, least_qsos)
     ), slots AS (
       INSERT INTO rm_award_slots AS s (${SLOT_KEY}, retired, ${COUNTS.join(', ')})
       SELECT ${SLOT_KEY}, retired, ${COUNTS.join(', ')} FROM input ORDER BY 1, 2, 4, 3, 5
       ON CONFLICT (station_user_id, award, mode, band, value) DO UPDATE SET
         ${COUNTS.map((count) => `${count} = s.${count} + EXCLUDED.${count}`).join(', ')}
       RETURNING s.*
     ), moved AS (
       SELECT s.station_user_id, s.award, s.mode, s.band, s.retired,
         CASE WHEN s.qsos - i.qsos >= i.least_qsos THEN ${slotMaskSql((service) => `s.${service} - i.${service}`)} ELSE -1 END AS was,
         CASE WHEN s.qsos >= i.least_qsos THEN ${slotMaskSql((service) => `s.${service}`)} ELSE -1 END AS now
       FROM slots s JOIN input i USING (${SLOT_KEY})
       WHERE i.least_qsos > 0
     ), tally_deltas AS (
       SELECT station_user_id, award, mode, band, retired, was AS confirmed_by, -1 AS n FROM moved WHERE was >= 0 AND was <> now
       UNION ALL
       SELECT station_user_id, award, mode, band, retired, now, 1 FROM moved WHERE now >= 0 AND was <> now
     ), tallies AS (
       INSERT INTO rm_award_tallies AS t (station_user_id, award, mode, band, retired, confirmed_by, value_count)
       SELECT station_user_id, award, mode, band, retired, confirmed_by, sum(n) FROM tally_deltas
       GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
       ON CONFLICT (station_user_id, award, mode, band, retired, confirmed_by) DO UPDATE SET value_count = t.value_count + EXCLUDED.value_count
       RETURNING t.value_count
     )
     SELECT (SELECT count(*) FROM slots WHERE qsos <= 0)::int AS slots, (SELECT count(*) FROM tallies WHERE value_count <= 0)::int AS tallies`,
    [
      ...keyColumns(deltas),
      ...COUNTS.map((count) => deltas.map((d) => d[count])),
      deltas.map((d) => leastQsos(d.award)),
    ],
  );
  return rows[0]!;
}
