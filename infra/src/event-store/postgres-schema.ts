/**
 * Tables of the PostgreSQL event store. Idempotent: run by PostgresEventStore.migrate() under an
 * advisory lock, so concurrent processes starting at once do not race on CREATE TABLE.
 *
 * Events are `json`, not `jsonb`: they are written once and read whole, never queried inside, and
 * `json` is stored as written, so taking and giving it costs PostgreSQL a validation instead of a
 * conversion each way (half the cost of writing an import's events). Tables made before keep
 * `jsonb`, which the store reads and writes the same way (decision 0034).
 */
export const EVENT_STORE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS es_events (
  position   bigint PRIMARY KEY,
  stream_id  text NOT NULL,
  revision   bigint NOT NULL,
  event_id   uuid NOT NULL UNIQUE,
  type       text NOT NULL,
  version    int NOT NULL,
  data       json NOT NULL,
  metadata   json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, revision)
);
CREATE TABLE IF NOT EXISTS es_streams (
  stream_id text PRIMARY KEY,
  revision  bigint NOT NULL,
  position  bigint NOT NULL
);
`;

/** pg_advisory_xact_lock keys ("hamlog es" + suffix); any bigint unused elsewhere in the database would do. */
export const APPEND_LOCK_KEY = 0x68616d6c6f6701n.toString();
export const MIGRATE_LOCK_KEY = 0x68616d6c6f6702n.toString();

export const DEFAULT_NOTIFY_CHANNEL = 'es_events';
