import { createClient } from '@clickhouse/client';
import { describe, expect, it } from 'vitest';
import { ClickHouseAggregates } from '../src/aggregates';
import { sql } from '../src/aggregates/clickhouse-sql';
import { aggregatesContract } from './aggregates.contract';
import { clickHouseTestServer } from './clickhouse-test-server';

const server = await clickHouseTestServer('AggregatesStore');
const { url, up } = server;

aggregatesContract(
  'ClickHouse',
  async () => {
    const { database, drop } = await server.freshDatabase('hamlog_test');
    const store = new ClickHouseAggregates({ url, database });
    return {
      store,
      async dispose() {
        await store.close();
        await drop();
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
