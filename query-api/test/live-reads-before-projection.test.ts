/**
 * live_stations is the live-stations projection's (projectors/): query-api, which may start before
 * the projectors on a fresh database (the production shape), neither creates it nor fails for
 * want of it. Its reads answer as for no station until the projection has created the table.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedUsersAnswer } from '@hamlog/domain';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { freshOnAirRigsOf, lastRigReport, rigStreamRevision } from '@hamlog/infra/read-models/live-stations/queries';
import { liveStationsMigrations } from '@hamlog/infra/read-models/live-stations/schema';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import type { QueryDeps } from '../src/deps';
import { liveRouter } from '../src/live/live-router';

describe('the live reads on a database the projectors have not set up yet', () => {
  let db: TestDatabase;
  let pool: Pool;
  let server: Server;
  let base = '';

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    const text = await res.text();
    return { status: res.status, body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as FeedUsersAnswer };
  };
  const liveStationsTable = async () => (await pool.query<{ t: string | null }>("SELECT to_regclass('live_stations')::text AS t")).rows[0]?.t;

  beforeAll(async () => {
    db = await createTestDatabase('live_reads');
    pool = createPool(db.url, 2);
    const app = express();
    // The home page's user lists read nothing else of a service's dependencies.
    app.use(liveRouter({ pool } as Pick<QueryDeps, 'pool'> as QueryDeps));
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await pool?.end();
    await db?.drop();
  });

  it('answers the home page’s lists empty, and creates nothing', async () => {
    expect(await get('/ActiveUserList')).toEqual({ status: 200, body: { users: [] } });
    expect(await get('/logged_in_users_not_in_rig_control')).toEqual({ status: 200, body: { users: [] } });
    expect(await lastRigReport(pool, 'u1')).toBeNull();
    expect(await rigStreamRevision(pool, 'u1')).toBeNull();
    expect(await freshOnAirRigsOf(pool, ['u1'], new Date(0))).toEqual([]);
    expect(await liveStationsTable()).toBeNull();
  });

  it('reads the table once the projection has created it', async () => {
    await runMigrations(pool, 'projection:live-stations', liveStationsMigrations);
    const at = new Date().toISOString();
    await pool.query(
      `INSERT INTO live_stations (user_id, rig, on_air, reported_at, position, stream_revision) VALUES ('u1', $1, true, $2, 7, 3)`,
      [JSON.stringify({ rigName: 'IC-705', freqHz: 7_074_000, mode: 'FT8', opMode: 2, at }), at],
    );
    expect(await lastRigReport(pool, 'u1')).toEqual({ rigName: 'IC-705', freqHz: 7_074_000, mode: 'FT8', opMode: 2, at });
    expect(await rigStreamRevision(pool, 'u1')).toBe(3);
    // No user row for u1 (the users projection has not run either): the list still answers.
    expect(await get('/ActiveUserList')).toEqual({ status: 200, body: { users: [] } });
  });
});
