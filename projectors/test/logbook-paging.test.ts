import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decideQso,
  dedupeKey,
  evolveQso,
  normaliseQsoInput,
  qsoIdFor,
  qsoStreamName,
  type QsoCommand,
  type QsoFields,
  type QsoState,
} from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { logbookMigrations } from '@hamlog/infra/read-models/logbook/schema';
import { findQso, logbookCount, logbookPage } from '@hamlog/infra/read-models/logbook/queries';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { logbookProjection } from '../src/logbook/logbook-projection';
import { Projector } from '../src/runtime/projector';
import { resetProjection } from '../src/runtime/rebuild';

const NOW = new Date(Date.UTC(2030, 0, 1));
const ALICE = randomUUID();
const BOB = randomUUID();

function fields(call: string, ts: string, freq = 14074): QsoFields {
  const result = normaliseQsoInput({ Call: call, TS: ts, Freq: freq, Mode: 'FT8' }, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.fields;
}

/** Decides commands with the real QSO decider and appends the events, many streams per call. */
class QsoLog {
  readonly states = new Map<string, QsoState>();
  private pending: { streamId: string; events: { id: string; type: string; data: unknown }[]; expectedRevision: 'any' }[] = [];

  constructor(private readonly store: PostgresEventStore) {}

  log(userId: string, call: string, ts: string): string {
    const f = fields(call, ts);
    const qdoId = qsoIdFor(dedupeKey(userId, f), 0);
    this.decide(qdoId, { type: 'LogQso', data: { qdoId, stationUserId: userId, stationCallsign: userId === ALICE ? 'DL1AL' : 'K1BOB', fields: f } });
    return qdoId;
  }

  moveTo(qdoId: string, ts: string): void {
    const state = this.states.get(qdoId);
    if (!state) throw new Error(`no ${qdoId}`);
    this.decide(qdoId, { type: 'UpdateQso', data: { qdoId, byUserId: state.stationUserId, fields: { ...state.fields, ts: fields(state.fields.call, ts).ts } } });
  }

  remove(qdoId: string): void {
    this.decide(qdoId, { type: 'DeleteQso', data: { qdoId, byUserId: this.states.get(qdoId)!.stationUserId } });
  }

  restore(qdoId: string): void {
    this.decide(qdoId, { type: 'RestoreQso', data: { qdoId, byUserId: this.states.get(qdoId)!.stationUserId } });
  }

  private decide(qdoId: string, command: QsoCommand): void {
    const before = this.states.get(qdoId) ?? null;
    const events = decideQso(command, before);
    this.states.set(qdoId, events.reduce(evolveQso, before));
    this.pending.push({ streamId: qsoStreamName(qdoId), events: events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })), expectedRevision: 'any' });
  }

  async flush(): Promise<number> {
    // One appendMany per chunk: several events of one stream in one call keep their order.
    for (let i = 0; i < this.pending.length; i += 400) await this.store.appendMany(this.pending.slice(i, i + 400));
    this.pending = [];
    return this.store.headPosition();
  }
}

/** What OFFSET paging answers: the definition the fast page must match. */
async function offsetPage(pool: Pool, userId: string, page: number, size: number): Promise<string[]> {
  const { rows } = await pool.query<{ qdo_id: string }>(
    'SELECT qdo_id FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted ORDER BY ts DESC, qdo_id DESC LIMIT $2 OFFSET $3',
    [userId, size, (page - 1) * size],
  );
  return rows.map((r) => r.qdo_id);
}

async function livingCount(pool: Pool, userId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted', [userId]);
  return rows[0]!.n;
}

/** Every page of every size given equals the OFFSET answer, plus the page after the last. */
async function expectPagesMatch(pool: Pool, userId: string, sizes: number[]): Promise<number> {
  const total = await livingCount(pool, userId);
  expect(await logbookCount(pool, userId)).toBe(total);
  let compared = 0;
  for (const size of sizes) {
    const pages = Math.ceil(total / size);
    for (let page = 1; page <= pages + 1; page += 1) {
      const fast = (await logbookPage(pool, userId, page, size)).map((r) => r.qdoId);
      expect(fast, `page ${page} of size ${size}`).toEqual(await offsetPage(pool, userId, page, size));
      compared += fast.length;
    }
  }
  return compared;
}

/** rm_logbook_days holds exactly the live rows per station and UTC day. */
async function expectDaysMatchRows(pool: Pool): Promise<void> {
  const days = await pool.query('SELECT station_user_id, day::text, qso_count::int FROM rm_logbook_days ORDER BY 1, 2');
  const rows = await pool.query(
    `SELECT station_user_id, ((ts AT TIME ZONE 'UTC')::date)::text AS day, count(*)::int AS qso_count
     FROM rm_qsos WHERE NOT deleted GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(days.rows).toEqual(rows.rows);
}

const at = (day: number, minute: number, second = 0) => new Date(Date.UTC(2024, 2, 1 + day, 0, minute, second)).toISOString();

describe('logbook paging by day counts', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  let projector: Projector;
  let log: QsoLog;
  const alice: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('paging');
    pool = createPool(db.url, 4);
    store = await PostgresEventStore.create(pool);
    log = new QsoLog(store);
    projector = new Projector(store, pool, logbookProjection, undefined, 300);
    await projector.start();
  });

  afterAll(async () => {
    await projector.stop();
    await store.close();
    await pool.end();
    await db.drop();
  });

  async function settle(): Promise<void> {
    await projector.waitFor(await log.flush());
  }

  it('answers the OFFSET pages across days, a busy day, ties and day edges', async () => {
    // 30 days of 0 to 60 QSOs, one contest day of 1,300, groups sharing one second, and QSOs at
    // 23:59:59 and 00:00:00 on either side of a day boundary. Bob's QSOs interleave with Alice's.
    for (let d = 0; d < 30; d += 1) {
      const n = d === 12 ? 1_300 : (d * 37) % 61;
      for (let i = 0; i < n; i += 1) alice.push(log.log(ALICE, `DL${d}A${i}`, at(d, Math.floor(i / 3) % 1440)));
      for (let i = 0; i < (d % 4) * 5; i += 1) log.log(BOB, `K${d}B${i}`, at(d, i));
      alice.push(log.log(ALICE, `G${d}EDGE`, at(d, 1439, 59)));
      alice.push(log.log(ALICE, `F${d}EDGE`, at(d + 1, 0, 0)));
    }
    await settle();
    const total = await logbookCount(pool, ALICE);
    expect(total).toBeGreaterThan(2_000);
    await expectDaysMatchRows(pool);
    const compared = await expectPagesMatch(pool, ALICE, [500, 37, 1_000]);
    expect(compared).toBe(total * 3);
    await expectPagesMatch(pool, BOB, [500, 7]);
  }, 60_000);

  it('stays exact after updates that move QSOs to other days, deletes, restores and a log again after a delete', async () => {
    for (let i = 0; i < alice.length; i += 11) log.moveTo(alice[i]!, at((i * 7) % 33, (i * 13) % 1440, i % 60));
    for (let i = 5; i < alice.length; i += 9) log.remove(alice[i]!);
    for (let i = 5; i < alice.length; i += 27) log.restore(alice[i]!);
    // Moved, then deleted in the same batch; and a day emptied completely.
    log.moveTo(alice[1]!, at(40, 10));
    log.remove(alice[1]!);
    const lonely = log.log(ALICE, 'VK9LONE', at(50, 1));
    log.remove(lonely);
    // Deleted, then logged again (the same contact, so the same id).
    const again = alice[2]!;
    log.remove(again);
    log.log(ALICE, log.states.get(again)!.fields.call, log.states.get(again)!.fields.ts);
    await settle();

    await expectDaysMatchRows(pool);
    const { rows } = await pool.query("SELECT 1 FROM rm_logbook_days WHERE day = '2024-04-20'");
    expect(rows).toEqual([]); // the emptied day is gone, not left at 0
    await expectPagesMatch(pool, ALICE, [500, 37]);
    await expectPagesMatch(pool, BOB, [500]);
  }, 60_000);

  it('is rebuilt from the log to the same counts and pages', async () => {
    const before = await pool.query('SELECT * FROM rm_logbook_days ORDER BY station_user_id, day');
    await projector.stop();
    await resetProjection(pool, logbookProjection);
    expect((await pool.query('SELECT count(*)::int AS n FROM rm_logbook_days')).rows[0].n).toBe(0);
    const replay = new Projector(store, pool, logbookProjection, undefined, 2_000);
    await replay.start();
    await replay.waitFor(await store.headPosition());
    await replay.stop();
    expect((await pool.query('SELECT * FROM rm_logbook_days ORDER BY station_user_id, day')).rows).toEqual(before.rows);
    await expectPagesMatch(pool, ALICE, [500]);
    await projector.start();
  }, 60_000);

  it('fills the day counts from existing rows when the migration is first applied', async () => {
    const before = await pool.query('SELECT * FROM rm_logbook_days ORDER BY station_user_id, day');
    await pool.query("DROP TABLE rm_logbook_days; DELETE FROM schema_migrations WHERE owner = 'projection:logbook' AND id = '003_rm_logbook_days'");
    expect(await runMigrations(pool, 'projection:logbook', logbookMigrations)).toEqual(['003_rm_logbook_days']);
    expect((await pool.query('SELECT * FROM rm_logbook_days ORDER BY station_user_id, day')).rows).toEqual(before.rows);
  });

  it('keeps the extra ADIF fields of a contact in its row, through an update', async () => {
    const extra = { QSL_RCVD: 'Y', APP_N1MM_EXCHANGE1: '599 14', STATE: 'MA' };
    const f = { ...fields('W1XTRA', at(60, 5)), extra };
    const qdoId = qsoIdFor(dedupeKey(BOB, f), 0);
    log.states.delete(qdoId);
    const logged = decideQso({ type: 'LogQso', data: { qdoId, stationUserId: BOB, stationCallsign: 'K1BOB', fields: f } }, null);
    await store.appendMany([{ streamId: qsoStreamName(qdoId), events: logged.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })), expectedRevision: 'no_stream' }]);
    await projector.waitFor(await store.headPosition());
    expect((await findQso(pool, qdoId))?.fields.extra).toEqual(extra);

    const state = logged.reduce(evolveQso, null as QsoState);
    const updated = decideQso({ type: 'UpdateQso', data: { qdoId, byUserId: BOB, fields: { ...f, extra: { ...extra, STATE: 'CT' } } } }, state);
    expect(updated.map((e) => e.type)).toEqual(['QsoUpdated']);
    await store.appendMany([{ streamId: qsoStreamName(qdoId), events: updated.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })), expectedRevision: 'any' }]);
    await projector.waitFor(await store.headPosition());
    expect((await findQso(pool, qdoId))?.fields.extra).toEqual({ ...extra, STATE: 'CT' });
    // The same extra fields again change nothing.
    expect(decideQso({ type: 'LogQso', data: { qdoId, stationUserId: BOB, stationCallsign: 'K1BOB', fields: { ...f, extra: { STATE: 'CT', QSL_RCVD: 'Y', APP_N1MM_EXCHANGE1: '599 14' } } } }, updated.reduce(evolveQso, state))).toEqual([]);
  });

  it('answers an empty page for a station with no QSOs', async () => {
    expect(await logbookPage(pool, randomUUID(), 1, 500)).toEqual([]);
  });
});
