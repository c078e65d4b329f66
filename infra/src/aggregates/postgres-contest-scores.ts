import type pg from 'pg';
import type { ContestWindow, StationTally } from '@hamlog/domain';
import type { ContestScores } from '../ports/contest-scores';

/**
 * Contest tallies over agg_qso_facts_v2 (one row per QSO, its latest version; uploaded_at is the
 * first upload). Of a station's duplicates the earliest counts (time, then id in byte order);
 * its last counted QSO is the latest of those.
 */
export class PostgresContestScores implements ContestScores {
  constructor(private readonly pool: pg.Pool) {}

  async tallies(window: ContestWindow): Promise<StationTally[]> {
    const { rows } = await this.pool.query<{
      station_user_id: string;
      station_callsign: string;
      ts: Date;
      freq_hz: string;
      contest_name: string;
      contacts: number;
      recent: number;
    }>(
      `WITH counted AS (
         SELECT qdo_id, station_user_id, station_callsign, ts, freq_hz, contest_name,
           CASE $5::text WHEN 'call' THEN call WHEN 'call-band' THEN call || ' ' || band ELSE qdo_id END AS dup_key
         FROM agg_qso_facts_v2
         WHERE NOT deleted AND ts >= $1 AND ts < $2
           AND date_trunc('second', uploaded_at) <= $3
           AND (cardinality($4::text[]) = 0 OR mode = ANY($4::text[]) OR sub_mode = ANY($4::text[]))
       ), firsts AS (
         SELECT DISTINCT ON (station_user_id, dup_key) *
         FROM counted ORDER BY station_user_id, dup_key, ts, qdo_id COLLATE "C"
       ), tallies AS (
         SELECT DISTINCT ON (station_user_id) station_user_id, station_callsign, ts, freq_hz, contest_name,
           (count(*) OVER station)::int AS contacts,
           (count(*) FILTER (WHERE ts >= $6) OVER station)::int AS recent
         FROM firsts
         WINDOW station AS (PARTITION BY station_user_id)
         ORDER BY station_user_id, ts DESC, qdo_id COLLATE "C" DESC
       )
       SELECT * FROM tallies ORDER BY station_user_id COLLATE "C"`,
      [window.from, window.to, window.uploadedBy, [...window.modes], window.duplicateRule, window.recentSince],
    );
    return rows.map((r) => ({
      stationUserId: r.station_user_id,
      stationCallsign: r.station_callsign,
      contacts: r.contacts,
      lastQsoAt: r.ts,
      lastFreqHz: Number(r.freq_hz),
      lastContestName: r.contest_name,
      recentContacts: r.recent,
    }));
  }

  async close(): Promise<void> {}
}
