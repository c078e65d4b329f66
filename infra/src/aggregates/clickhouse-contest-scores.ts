import type { ClickHouseClient } from '@clickhouse/client';
import type { ContestWindow, DuplicateRule, StationTally } from '@hamlog/domain';
import type { ContestScores } from '../ports/contest-scores';
import { createClickHouseClient, FACTS_TABLE, latestFacts, type ClickHouseOptions } from './clickhouse-facts';
import { ident, sql, type Identifier, type Sql } from './clickhouse-sql';

/** What makes two of a station's QSOs the same contact, over latestFacts' columns. */
function duplicateKey(rule: DuplicateRule): Sql {
  switch (rule) {
    case 'call':
      return sql`last_call`;
    case 'call-band':
      return sql`concat(last_call, ' ', last_band)`;
    case 'none':
      return sql`qdo_id`;
  }
}

function stringList(values: readonly string[]): Sql {
  return values.reduce<Sql | null>((list, value) => (list ? sql`${list}, ${value}` : sql`${value}`), null) ?? sql``;
}

/**
 * Contest tallies over the QSO facts in ClickHouse. Merges are eventual, so the latest version of
 * each QSO is taken on read (latestFacts); of a station's duplicates the earliest counts (time,
 * then id), and its last counted QSO is the latest of those.
 */
export class ClickHouseContestScores implements ContestScores {
  private readonly client: ClickHouseClient;
  private readonly db: Identifier;

  constructor(options: ClickHouseOptions) {
    this.db = ident(options.database);
    this.client = createClickHouseClient(options);
  }

  async tallies(window: ContestWindow): Promise<StationTally[]> {
    const candidates = sql`SELECT qdo_id FROM ${this.db}.${FACTS_TABLE} WHERE ts >= ${window.from} AND ts < ${window.to}`;
    const modes = window.modes.length > 0 ? sql`AND (has([${stringList(window.modes)}], last_mode) OR has([${stringList(window.modes)}], last_sub_mode))` : sql``;
    const query = sql`SELECT sid AS station_user_id,
        argMax(f_station, (f_ts, f_id)) AS station_callsign,
        toUInt32(count()) AS contacts,
        toUInt32(max(f_ts)) AS last_ts,
        argMax(f_freq, (f_ts, f_id)) AS last_freq_hz,
        argMax(f_contest, (f_ts, f_id)) AS last_contest_name,
        toUInt32(countIf(f_ts >= ${window.recentSince})) AS recent
      FROM (
        SELECT last_station_user_id AS sid, ${duplicateKey(window.duplicateRule)} AS k,
          min(last_ts) AS f_ts,
          argMin(qdo_id, (last_ts, qdo_id)) AS f_id,
          argMin(last_station, (last_ts, qdo_id)) AS f_station,
          argMin(last_freq_hz, (last_ts, qdo_id)) AS f_freq,
          argMin(last_contest_name, (last_ts, qdo_id)) AS f_contest
        FROM (${latestFacts(this.db, candidates)})
        WHERE last_deleted = 0 AND last_ts >= ${window.from} AND last_ts < ${window.to}
          AND first_uploaded_at <= ${window.uploadedBy} ${modes}
        GROUP BY sid, k
      )
      GROUP BY sid ORDER BY sid`;
    const result = await this.client.query({ query: query.text, format: 'JSONEachRow' });
    const rows = await result.json<{
      station_user_id: string;
      station_callsign: string;
      contacts: number;
      last_ts: number;
      last_freq_hz: string | number;
      last_contest_name: string;
      recent: number;
    }>();
    return rows.map((r) => ({
      stationUserId: r.station_user_id,
      stationCallsign: r.station_callsign,
      contacts: Number(r.contacts),
      lastQsoAt: new Date(Number(r.last_ts) * 1000),
      lastFreqHz: Number(r.last_freq_hz),
      lastContestName: r.last_contest_name,
      recentContacts: Number(r.recent),
    }));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
