import type { Migration } from '../../postgres/migrations';

/**
 * Each station's last rig report as the live-state consumer keeps it (stream/src/live): the
 * report itself (the domain's LiveRig) as jsonb, and beside it what the lists filter and sort on.
 * It is derived from the event log and may be dropped: the consumer builds it again on replay.
 */
export const liveStationsMigrations: Migration[] = [
  {
    id: '001_live_stations',
    sql: `CREATE TABLE live_stations (
      user_id text PRIMARY KEY,
      rig jsonb NOT NULL,
      -- on a frequency (not QRT) or streaming, whenever reported; fresh or not is reported_at's
      on_air boolean NOT NULL,
      reported_at timestamptz NOT NULL,
      position bigint NOT NULL,
      -- the off-air card of a station gone stale has been published (or was not needed)
      off_air_sent boolean NOT NULL DEFAULT false
    );
    CREATE INDEX live_stations_on_air ON live_stations (reported_at DESC) WHERE on_air;
    CREATE INDEX live_stations_unswept ON live_stations (reported_at) WHERE NOT off_air_sent;`,
  },
];

export const LIVE_STATIONS_MIGRATIONS_OWNER = 'live-stations';
