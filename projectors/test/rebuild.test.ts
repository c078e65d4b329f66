import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKey, normaliseQsoInput, qsoIdFor, qsoStreamName } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { logbookProjection } from '../src/logbook/logbook-projection';
import { Projector } from '../src/runtime/projector';

const STATIONS = 3;
const PER_STATION = 400;

async function snapshot(pool: Pool) {
  const rows = await pool.query('SELECT * FROM rm_qsos ORDER BY qdo_id');
  const counts = await pool.query('SELECT * FROM rm_logbook_counts ORDER BY station_user_id');
  return { rows: rows.rows, counts: counts.rows };
}

describe('npm run rebuild -- logbook', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('rebuild');
    pool = createPool(db.url, 6);
    store = await PostgresEventStore.create(pool);
    const requests = [];
    for (let s = 0; s < STATIONS; s += 1) {
      const stationUserId = randomUUID();
      for (let i = 0; i < PER_STATION; i += 1) {
        const input = { Call: `K${s}AB${i}`, TS: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(), Freq: 14074, Mode: 'FT8' };
        const result = normaliseQsoInput(input, new Date());
        if (!result.ok) throw new Error(JSON.stringify(result.errors));
        const key = dedupeKey(stationUserId, result.fields);
        const qdoId = qsoIdFor(key, 0);
        const events = [{ id: randomUUID(), type: 'QsoLogged', data: { qdoId, stationUserId, stationCallsign: `W${s}XX`, dedupeKey: key, fields: result.fields } }];
        if (i % 10 === 0) events.push({ id: randomUUID(), type: 'QsoDeleted', data: { qdoId } as never });
        requests.push({ streamId: qsoStreamName(qdoId), events, expectedRevision: 'no_stream' as const });
      }
    }
    await store.appendMany(requests);
  });

  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  it('drops the read model and replays it to the same rows, even beside a running projector', async () => {
    const serverSide = new Projector(store, pool, logbookProjection);
    await serverSide.start();
    const head = await store.headPosition();
    await serverSide.waitFor(head);
    const before = await snapshot(pool);
    expect(before.counts.map((c) => Number(c.qso_count))).toEqual(Array(STATIONS).fill(PER_STATION - PER_STATION / 10));

    await pool.query("UPDATE rm_qsos SET comment = 'damaged'"); // the rebuild must put this right
    const run = spawnSync('npm', ['run', 'rebuild', '--silent', '--', 'logbook'], {
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`rebuilt logbook from ${head} events`));
    await serverSide.waitFor(head);
    await new Promise((r) => setTimeout(r, 300)); // let the running projector settle after the reset
    await serverSide.stop();
    expect(await snapshot(pool)).toEqual(before);
  }, 60_000);

  it('refuses an unknown projection with its usage', () => {
    const run = spawnSync('npm', ['run', 'rebuild', '--silent', '--', 'nope'], { env: { ...process.env, DATABASE_URL: db.url }, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/usage: npm run rebuild -- <users\|logbook(\|[\w-]+)*>/);
  });
});
