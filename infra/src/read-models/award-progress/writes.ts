import type { ClientBase } from 'pg';
import type { AwardModeGroup } from '@hamlog/domain/award-tracking/catalogue';
import type { AwardSlotCounts, CreditedQso } from '@hamlog/domain/award-tracking/slots';
import { parseSlotId, slotId } from '@hamlog/domain/award-tracking/slots';
import { isRetiredValue } from '@hamlog/domain/award-tracking/values';
import { applyTallyChanges } from './tallies';

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

/** Adds the deltas (keyed station id + NUL + slot id) to the slots, and drops slots no QSO credits any more. */
export async function applySlotDeltas(client: ClientBase, deltas: ReadonlyMap<string, AwardSlotCounts>): Promise<void> {
  const columns = { user: [] as string[], award: [] as string[], band: [] as string[], mode: [] as string[], value: [] as string[], retired: [] as boolean[], qsos: [] as number[], paper: [] as number[], lotw: [] as number[], eqsl: [] as number[], qrz: [] as number[], clublog: [] as number[] };
  for (const [id, delta] of deltas) {
    if (delta.qsos === 0 && delta.paper === 0 && delta.lotw === 0 && delta.eqsl === 0 && delta.qrz === 0 && delta.clublog === 0) continue;
    const nul = id.indexOf('\u0000');
    const slot = parseSlotId(id.slice(nul + 1));
    columns.user.push(id.slice(0, nul));
    columns.award.push(slot.award);
    columns.band.push(slot.band);
    columns.mode.push(slot.mode);
    columns.value.push(slot.value);
    columns.retired.push(isRetiredValue(slot.award, slot.value));
    columns.qsos.push(delta.qsos);
    columns.paper.push(delta.paper);
    columns.lotw.push(delta.lotw);
    columns.eqsl.push(delta.eqsl);
    columns.qrz.push(delta.qrz);
    columns.clublog.push(delta.clublog);
  }
  if (columns.user.length === 0) return;
  const { rows } = await client.query<{ station_user_id: string; award: string; band: string; mode: string; value: string; retired: boolean } & AwardSlotCounts>(
    `INSERT INTO rm_award_slots AS s (station_user_id, award, band, mode, value, retired, qsos, paper, lotw, eqsl, qrz, clublog)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[])
     ORDER BY 1, 2, 4, 3, 5
     ON CONFLICT (station_user_id, award, mode, band, value) DO UPDATE SET qsos = s.qsos + EXCLUDED.qsos,
       paper = s.paper + EXCLUDED.paper, lotw = s.lotw + EXCLUDED.lotw, eqsl = s.eqsl + EXCLUDED.eqsl,
       qrz = s.qrz + EXCLUDED.qrz, clublog = s.clublog + EXCLUDED.clublog
     RETURNING station_user_id, award, band, mode, value, retired, qsos, paper, lotw, eqsl, qrz, clublog`,
    Object.values(columns),
  );
  await applyTallyChanges(
    client,
    rows.map((row) => {
      const after: AwardSlotCounts = { qsos: row.qsos, paper: row.paper, lotw: row.lotw, eqsl: row.eqsl, qrz: row.qrz, clublog: row.clublog };
      const delta = deltas.get(`${row.station_user_id}\u0000${slotId(row.award, row.value, row.band, row.mode)}`)!;
      const before = Object.fromEntries(Object.entries(after).map(([name, n]) => [name, n - delta[name as keyof AwardSlotCounts]])) as unknown as AwardSlotCounts;
      return { station: row.station_user_id, award: row.award, band: row.band, mode: row.mode, value: row.value, retired: row.retired, before, after };
    }),
  );
  const empty = rows.filter((row) => row.qsos <= 0);
  if (empty.length === 0) return;
  await client.query(
    `DELETE FROM rm_award_slots s USING unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(u, a, b, m, v)
     WHERE s.station_user_id = t.u AND s.award = t.a AND s.band = t.b AND s.mode = t.m AND s.value = t.v AND s.qsos <= 0`,
    [empty.map((r) => r.station_user_id), empty.map((r) => r.award), empty.map((r) => r.band), empty.map((r) => r.mode), empty.map((r) => r.value)],
  );
}
