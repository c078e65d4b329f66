import type { Migration } from '../../postgres/migrations';

/**
 * The award tracker (issue 22, decision 0061): per QSO what it credits (to take it away again on
 * an edit or deletion), and per station, award, band, mode group and value how many QSOs credit it
 * and how many each service confirmed ('' band or mode: all of them), and the tallies of those values.
 */
export const awardProgressMigrations: Migration[] = [
  {
    id: '001_rm_award_progress',
    sql: `CREATE TABLE rm_award_qsos (
      qdo_id text PRIMARY KEY,
      station_user_id text NOT NULL,
      band text NOT NULL,
      mode_group text NOT NULL,
      confirmed smallint NOT NULL,
      keys text[] NOT NULL
    );
    -- The needed lists find a station's QSOs by their award keys: the keys scoped by the station, so
    -- a popular key ('DXCC|291') does not match every station's QSOs.
    CREATE OR REPLACE FUNCTION award_scoped_keys(station text, keys text[]) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN ARRAY(SELECT station || '|' || k FROM unnest(keys) AS k);
    CREATE INDEX rm_award_qsos_keys ON rm_award_qsos USING gin (award_scoped_keys(station_user_id, keys));
    CREATE TABLE rm_award_slots (
      station_user_id text NOT NULL,
      award text NOT NULL,
      band text NOT NULL,
      mode text NOT NULL,
      value text NOT NULL,
      retired boolean NOT NULL,
      qsos integer NOT NULL,
      paper integer NOT NULL,
      lotw integer NOT NULL,
      eqsl integer NOT NULL,
      qrz integer NOT NULL,
      clublog integer NOT NULL,
      PRIMARY KEY (station_user_id, award, mode, band, value)
    );
    -- How many values each set of confirming services covers (tallies.ts).
    CREATE TABLE rm_award_tallies (
      station_user_id text NOT NULL,
      award text NOT NULL,
      mode text NOT NULL,
      band text NOT NULL,
      retired boolean NOT NULL,
      confirmed_by smallint NOT NULL,
      value_count integer NOT NULL,
      PRIMARY KEY (station_user_id, award, mode, band, retired, confirmed_by)
    );`,
  },
  {
    // Logging adds to slots and tallies already there: room on each page lets PostgreSQL update
    // them in place (HOT), without a new index entry per update.
    id: '002_rm_award_fillfactor',
    sql: `ALTER TABLE rm_award_slots SET (fillfactor = 70);
    ALTER TABLE rm_award_tallies SET (fillfactor = 50);`,
  },
  {
    // SOTA's chaser points count summits per UTC day: a key (SOTA_DAY) the QSOs credited before it
    // do not have. A read model that holds SOTA summits is emptied and built again from the log.
    id: '003_rm_award_sota_days',
    sql: `DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM rm_award_slots WHERE award = 'SOTA') AND to_regclass('projection_checkpoints') IS NOT NULL THEN
        TRUNCATE rm_award_qsos, rm_award_slots, rm_award_tallies;
        UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE name = 'award-progress';
      END IF;
    END $$`,
  },
];
