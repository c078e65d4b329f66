import { randomBytes } from 'node:crypto';
import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { describe, expect, it } from 'vitest';
import { ClickHouseAggregates } from '../src/aggregates';
import { ident, sql } from '../src/aggregates/clickhouse-sql';
import { aggregatesContract } from './aggregates.contract';

const url = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';

async function reachable(): Promise<boolean> {
  const client = createClient({ url, request_timeout: 2000, log: { level: ClickHouseLogLevel.OFF } });
  try {
    return (await client.ping()).success;
  } finally {
    await client.close();
  }
}

const up = await reachable();
if (!up) {
  if (process.env.CI === 'true') throw new Error(`ClickHouse is required in CI but there is no server at ${url}`);
  console.warn(`skipped: ClickHouse (no server at ${url}; run scripts/clickhouse.sh start)`);
}

const run = randomBytes(4).toString('hex');
let n = 0;

aggregatesContract(
  'ClickHouse',
  async () => {
    n += 1;
    const database = `hamlog_test_${run}_${n}`;
    const admin = createClient({ url });
    await admin.command({ query: sql`CREATE DATABASE ${ident(database)}`.text });
    const store = new ClickHouseAggregates({ url, database });
    return {
      store,
      async dispose() {
        await store.close();
        await admin.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text });
        await admin.close();
      },
    };
  },
  { skip: !up },
);

describe.skipIf(!up)('ClickHouse SQL literals round-trip on the server', () => {
  it('returns every escaped string unchanged', async () => {
    const client = createClient({ url });
    try {
      const values = ["O'Brien\\x", "x' OR 1=1 --", 'new\nline\r\ttab', 'nul\0byte', 'ДЛ1АБЦ 🎉', "\\'", '\\'];
      for (const value of values) {
        const rows = await (await client.query({ query: sql`SELECT ${value} AS v`.text, format: 'JSONEachRow' })).json<{ v: string }>();
        expect(rows).toEqual([{ v: value }]);
      }
    } finally {
      await client.close();
    }
  });
});
