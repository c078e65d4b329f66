import { randomBytes } from 'node:crypto';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { ident, sql } from '../src/aggregates/clickhouse-sql';

export interface ClickHouseTestServer {
  url: string;
  /** Whether a server answers (a suite skips when not, and fails instead in CI). */
  up: boolean;
  /** A new, empty database for one test; drop() removes it. */
  freshDatabase(prefix: string): Promise<{ database: string; admin: ClickHouseClient; drop(): Promise<void> }>;
}

/** The ClickHouse at CLICKHOUSE_URL (default the local one scripts/clickhouse.sh starts) for `suite`. */
export async function clickHouseTestServer(suite: string): Promise<ClickHouseTestServer> {
  const url = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';
  const probe = createClient({ url, request_timeout: 2000, log: { level: ClickHouseLogLevel.OFF } });
  const up = await probe.ping().then((r) => r.success, () => false).finally(() => probe.close());
  if (!up) {
    if (process.env.CI === 'true') throw new Error(`ClickHouse is required in CI but there is no server at ${url}`);
    console.warn(`skipped: ${suite} on ClickHouse (no server at ${url}; run scripts/clickhouse.sh start)`);
  }
  const run = randomBytes(4).toString('hex');
  let n = 0;
  return {
    url,
    up,
    async freshDatabase(prefix) {
      n += 1;
      const database = `${prefix}_${run}_${n}`;
      const admin = createClient({ url });
      await admin.command({ query: sql`CREATE DATABASE ${ident(database)}`.text });
      return {
        database,
        admin,
        async drop() {
          await admin.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text });
          await admin.close();
        },
      };
    },
  };
}
