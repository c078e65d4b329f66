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
];
