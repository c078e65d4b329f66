/**
 * Where PostgreSQL's time goes on the hot path: runs the throughput load with pg_stat_statements
 * loaded in the embedded server and prints each statement's calls per QSO and time.
 *
 *   npx tsx bench/src/pg-statements.ts        (BENCH_DURATION_S=10 for a shorter run)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { machineText } from './report';
import { startServer } from './server';
import { upsertClosedLoop } from './throughput';

process.env.HAMLOG_PG_STAT_STATEMENTS = '1';
const server = await startServer();
try {
  const { url } = JSON.parse(readFileSync(join(server.dataDir, 'postgres.json'), 'utf8')) as { url: string };
  const client = new pg.Client(url);
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  const { loop } = await upsertClosedLoop(server);
  const logged = loop.ok;
  const { rows } = await client.query<{ query: string; calls: string; rows: string; total_ms: number; mean_ms: number }>(
    `SELECT query, calls, rows, total_exec_time AS total_ms, mean_exec_time AS mean_ms FROM pg_stat_statements
     WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 20`,
  );
  await client.end();
  console.log(`\n== PostgreSQL statements during ${loop.seconds} s of closed-loop logging: ${logged} QSOs (${machineText()}) ==`);
  console.log('| calls per 1,000 QSOs | rows per call | total ms | mean ms | statement |\n|---|---|---|---|---|');
  for (const r of rows) {
    const text = r.query.replace(/\s+/g, ' ').slice(0, 110).replace(/\|/g, '\\|');
    console.log(`| ${((Number(r.calls) / logged) * 1000).toFixed(1)} | ${(Number(r.rows) / Number(r.calls)).toFixed(1)} | ${Math.round(r.total_ms)} | ${r.mean_ms.toFixed(3)} | \`${text}\` |`);
  }
} finally {
  await server.stop();
}
