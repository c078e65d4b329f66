import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startServer } from './server';
const dir = process.argv[2]!;
const server = await startServer({ dataDir: dir });
const url = JSON.parse(readFileSync(dir + '/postgres.json', 'utf8')).url;
const seed = JSON.parse(readFileSync(dir + '/seed-1m.json', 'utf8'));
const c = new pg.Client(url); await c.connect();
const q = await import('@hamlog/infra/read-models/logbook/queries');
const sql = readFileSync('/tmp/b-scratch/sql.txt', 'utf8');
for (const p of process.argv.slice(3)) {
  const r = await c.query('EXPLAIN (ANALYZE, BUFFERS) ' + sql, [seed.userId, (Number(p) - 1) * 500, 500]);
  console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
for (const p of process.argv.slice(3)) {
  const t: number[] = [];
  for (let i = 0; i < 40; i++) { const a = performance.now(); await c.query(sql, [seed.userId, (Number(p) - 1) * 500, 500]); t.push(performance.now() - a); }
  t.sort((a, b) => a - b);
  const t2: number[] = [];
  for (let i = 0; i < 40; i++) { const a = performance.now(); await c.query('SELECT * FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted ORDER BY ts DESC, qdo_id DESC LIMIT $2 OFFSET $3', [seed.userId, 500, (Number(p) - 1) * 500]); t2.push(performance.now() - a); }
  t2.sort((a, b) => a - b);
  const t3: number[] = [];
  for (let i = 0; i < 40; i++) { const a = performance.now(); await c.query('WITH days AS (SELECT day, qso_count, (sum(qso_count) OVER (ORDER BY day DESC))::bigint - qso_count AS newer FROM rm_logbook_days WHERE station_user_id = $1 AND qso_count > 0) SELECT count(*) FROM days', [seed.userId]); t3.push(performance.now() - a); }
  t3.sort((a, b) => a - b);
  console.log('page', p, 'new p50', t[20]?.toFixed(2), 'max', t[39]?.toFixed(2), ' offset p50', t2[20]?.toFixed(2), ' days-only p50', t3[20]?.toFixed(2));
}
await c.end(); await server.stop();
