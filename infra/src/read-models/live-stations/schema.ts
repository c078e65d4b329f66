import type { Migration } from '../../postgres/migrations';

/**
 * Each station's last rig report, as the live-stations projection keeps it
 * (projectors/src/live-stations): the report itself (the domain's LiveRig) as jsonb, and beside it
 * what the lists filter and sort on and the revision command-api starts reading the rig stream at.
 * It is derived from the event log: a rebuild drops it and replays the log into it.
 */
export const liveStationsMigrations: Migration[] = [
  {
    // IF NOT EXISTS: a database from before the projection has it (the stream's consumer built it).
    id: '001_live_stations',
    sql: `CREATE TABLE IF NOT EXISTS live_stations (
      user_id text PRIMARY KEY,
      rig jsonb NOT NULL,
      -- on a frequency (not QRT) or streaming, whenever reported; fresh or not is reported_at's
      on_air boolean NOT NULL,
      reported_at timestamptz NOT NULL,
      position bigint NOT NULL,
      -- the off-air card of a station gone stale has been published (or was not needed)
      off_air_sent boolean NOT NULL DEFAULT false
    );
    CREATE INDEX IF NOT EXISTS live_stations_on_air ON live_stations (reported_at DESC) WHERE on_air;
    CREATE INDEX IF NOT EXISTS live_stations_unswept ON live_stations (reported_at) WHERE NOT off_air_sent;`,
  },
  {
    // The revision of the report's event in the user's rig stream; null only on rows from before it.
    id: '002_stream_revision',
    sql: 'ALTER TABLE live_stations ADD COLUMN IF NOT EXISTS stream_revision bigint',
  },
  {
    // Upgrading a database where the rig projection kept rm_rig_state and the stream's consumer
    // live_stations (checkpoints 'rig' and 'consumer:live-stations'): the revisions come over,
    // rm_rig_state goes, and the projection resumes from the lower of the two checkpoints (events
    // after it are applied again; the position guard keeps what is already newer). Without both
    // checkpoints it starts from the beginning of the log. Nothing to do on a fresh database or a rebuild.
    id: '003_rig_state_merged_in',
    sql: `DO $$
    BEGIN
      IF to_regclass('rm_rig_state') IS NOT NULL THEN
        UPDATE live_stations l SET stream_revision = r.stream_revision FROM rm_rig_state r WHERE r.user_id = l.user_id;
        DROP TABLE rm_rig_state;
      END IF;
      IF to_regclass('projection_checkpoints') IS NOT NULL THEN
        INSERT INTO projection_checkpoints (name, position)
          SELECT 'live-stations', min(position) FROM projection_checkpoints
          WHERE name IN ('rig', 'consumer:live-stations') HAVING count(*) = 2
          ON CONFLICT (name) DO NOTHING;
        DELETE FROM projection_checkpoints WHERE name IN ('rig', 'consumer:live-stations');
      END IF;
    END $$`,
  },
];
