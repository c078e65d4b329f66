import type { Migration } from '@hamlog/infra/postgres/migrations';

export const logbookMigrations: Migration[] = [
  {
    id: '001_rm_qsos',
    sql: `CREATE TABLE rm_qsos (
      qdo_id text PRIMARY KEY,
      station_user_id text NOT NULL,
      station_callsign text NOT NULL,
      position bigint NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      ts timestamptz NOT NULL,
      call text NOT NULL,
      freq_hz bigint NOT NULL,
      band text NOT NULL,
      mode text NOT NULL,
      submode text NOT NULL DEFAULT '',
      name text NOT NULL DEFAULT '',
      snt text NOT NULL DEFAULT '',
      rcv text NOT NULL DEFAULT '',
      comment text NOT NULL DEFAULT '',
      power text NOT NULL DEFAULT '',
      dxcc integer NOT NULL DEFAULT 0,
      continent text NOT NULL DEFAULT '',
      country text NOT NULL DEFAULT '',
      lat double precision,
      lon double precision,
      cq_zone integer,
      itu_zone integer,
      grid_square text NOT NULL DEFAULT '',
      radio_mode text NOT NULL DEFAULT '',
      qso_duration integer NOT NULL DEFAULT 0,
      qso_origin text NOT NULL DEFAULT '',
      is_run_qso smallint NOT NULL DEFAULT 0,
      contest_name text NOT NULL DEFAULT ''
    );
    CREATE INDEX rm_qsos_logbook ON rm_qsos (station_user_id, ts DESC, qdo_id DESC) WHERE NOT deleted;
    CREATE TABLE rm_logbook_counts (
      station_user_id text PRIMARY KEY,
      qso_count bigint NOT NULL DEFAULT 0
    );`,
  },
  {
    id: '002_rm_qsos_by_call',
    sql: `CREATE INDEX rm_qsos_by_call ON rm_qsos (station_user_id, call, ts DESC) WHERE NOT deleted;`,
  },
  {
    // Live QSOs per station and UTC day: a logbook page finds its start by summing these
    // (docs/decisions/0012-logbook-paging.md). Filled from the rows already there.
    id: '003_rm_logbook_days',
    sql: `CREATE TABLE rm_logbook_days (
      station_user_id text NOT NULL,
      day date NOT NULL,
      qso_count bigint NOT NULL,
      PRIMARY KEY (station_user_id, day)
    );
    INSERT INTO rm_logbook_days (station_user_id, day, qso_count)
      SELECT station_user_id, (ts AT TIME ZONE 'UTC')::date, count(*) FROM rm_qsos WHERE NOT deleted GROUP BY 1, 2;`,
  },
  {
    // When each QSO was logged (its QsoLogged event's time), for the site-wide feeds: the QSO
    // feed, band stats and the globe read the newest logged on this index. Rows from before it
    // fall back to the QSO's own time. Rows written without it (only tests insert rows by hand)
    // stay NULL and out of the feeds. Events appended in one commit share their time; the id breaks
    // the tie (not the log position: it changes on every update, which would keep updates from
    // being HOT).
    id: '004_rm_qsos_logged_at',
    sql: `ALTER TABLE rm_qsos ADD COLUMN logged_at timestamptz;
    UPDATE rm_qsos SET logged_at = ts;
    CREATE INDEX rm_qsos_logged ON rm_qsos (logged_at DESC, qdo_id DESC) WHERE NOT deleted AND logged_at IS NOT NULL;`,
  },
  {
    // ADIF fields an imported contact carries beyond the columns above, kept for export.
    id: '005_rm_qsos_adif_extra',
    sql: `ALTER TABLE rm_qsos ADD COLUMN adif_extra jsonb;`,
  },
  {
    // The site-wide feeds read live QSOs by their own time, not by when they were logged (an
    // import is history; docs/decisions/0052-live-views-by-qso-time.md): a range of this index
    // from its newest end. Nothing reads rm_qsos_logged any more; logged_at is still kept.
    id: '006_rm_qsos_live',
    sql: `CREATE INDEX rm_qsos_live ON rm_qsos (ts DESC, qdo_id DESC) WHERE NOT deleted;
    DROP INDEX IF EXISTS rm_qsos_logged;`,
  },
  {
    // The QSO's ADIF detail fields (confirmations, references, station, contest: domain
    // qso/details.ts) and a bit per service that confirmed it, for the logbook's filters. Rows
    // written before kept those fields in adif_extra: when there are any, the logbook is emptied
    // and its checkpoint set back, so the projection replays the log (events are upcast on read).
    id: '007_rm_qsos_adif_details',
    sql: `ALTER TABLE rm_qsos ADD COLUMN adif_details jsonb, ADD COLUMN confirmed_by smallint NOT NULL DEFAULT 0;
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM rm_qsos WHERE adif_extra IS NOT NULL) THEN
        TRUNCATE rm_qsos, rm_logbook_counts, rm_logbook_days;
        IF to_regclass('projection_checkpoints') IS NOT NULL THEN
          UPDATE projection_checkpoints SET position = 0 WHERE name = 'logbook';
        END IF;
      END IF;
    END $$;`,
  },
  {
    // The contest check kept incrementally (decision 0060) asks which stations' QSOs changed since
    // the position it last read. A BRIN index: tiny, cheap to keep, and (PostgreSQL 16 and later)
    // it does not stop an update from being HOT, as a b-tree on the position would.
    id: '008_rm_qsos_position_brin',
    sql: `CREATE INDEX rm_qsos_position_brin ON rm_qsos USING brin (position);`,
  },
  {
    // The contest check reads the stream's contest facts since (decision 0060): nothing asks by position any more.
    id: '009_drop_rm_qsos_position_brin',
    sql: `DROP INDEX IF EXISTS rm_qsos_position_brin;`,
  },
];
