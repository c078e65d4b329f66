/**
 * The daily awards never compute from QSO facts that are behind the log: before a day is
 * computed, the job waits (bounded) until the stream's facts consumer has applied every QSO event
 * up to the log's head as of the job's start; if it has not by then, the computation is put off
 * and tried again later. The facts consumer is held back here by a lock on its table (a slow or
 * stuck consumer, as after a restart replaying the log), and the awards recorded once it catches
 * up are the rules applied to the event log itself.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAwardDays,
  awardDayOf,
  awardDayStart,
  awardInputsFromLog,
  awardsStreamName,
  computeDailyAwards,
  type DailyAwardsComputed,
} from '@hamlog/domain';
import { FactsBehindError, startDailyAwardsJob, type DailyAwardsJob } from '@hamlog/command-api';
import { PostgresAwardFacts } from '@hamlog/infra/aggregates/postgres-award-facts';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { InProcessJobQueue } from '@hamlog/infra/jobs/in-process-jobs';
import { createPool, type Pool, type PoolClient } from '@hamlog/infra/postgres/pool';
import { qsoFactsProgress, qsoFactsReached } from '@hamlog/infra/stream/stream-positions';
import { readLog, until } from './log-helpers';
import { subscribe } from './people-helpers';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const R = Date.now();
const D0 = awardDayOf(new Date(R));
const todayAt = (i: number) => new Date(Math.floor(Math.max(awardDayStart(D0).getTime(), R - 30 * MINUTE) / 1000) * 1000 + i * 1000);
const AFTER_D0 = new Date(awardDayStart(addAwardDays(D0, 1)).getTime() + 6 * MINUTE);
const FINAL_D0 = new Date(awardDayStart(addAwardDays(D0, 3)).getTime() + 6 * MINUTE);
/** How long the server's job waits for the facts here. */
const FACTS_WAIT_MS = 4_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the daily awards wait for the QSO facts (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let clock = new Date(R);
  let pool: Pool;
  let store: PostgresEventStore;
  let alice: ApiClient;
  let bob: ApiClient;
  /** A transaction holding the facts table, while the facts consumer is to stay behind. */
  let holder: PoolClient | null = null;

  const awardEvents = async () => (await store.readStream(awardsStreamName(D0))).map((e) => e.data as DailyAwardsComputed['data']);
  const summary = (awards: DailyAwardsComputed['data']['awards']) => awards.map((a) => [a.shortName, a.callsign, a.count]);
  const factsReachedHead = async () => qsoFactsReached(await qsoFactsProgress(pool), await store.headPosition());

  async function log(who: ApiClient, i: number, call: string, mode: string) {
    const res = await who.post('/vqso/upsert', { data: { Call: call, TS: todayAt(i).toISOString(), Freq: 14074, Mode: mode, dxcc: 230 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  /** Stops the facts consumer in its next batch: it cannot write the facts table until release(). */
  async function holdFacts() {
    holder = await pool.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE agg_qso_facts_v2 IN EXCLUSIVE MODE');
  }
  async function releaseFacts() {
    if (!holder) return;
    await holder.query('COMMIT');
    holder.release();
    holder = null;
  }

  /** The recorded computation equals the rules applied to the event log with its cut-off. */
  async function expectTheLogsAnswer(recorded: DailyAwardsComputed['data']) {
    const events = await readLog(store);
    expect(recorded.awards).toEqual(computeDailyAwards({ day: D0, cutoff: new Date(recorded.cutoff), ...awardInputsFromLog(events, D0) }));
  }

  beforeAll(async () => {
    t = await startTestServer({}, { now: () => clock, awardsCatchUpDelayMs: HOUR, awardsFactsWaitMs: FACTS_WAIT_MS });
    pool = createPool(t.db.url, 4);
    store = await PostgresEventStore.create(pool);
    alice = new ApiClient(t.url);
    bob = new ApiClient(t.url);
    const aliceId = await alice.signUp('alice@example.com', 'W1AW');
    const bobId = await bob.signUp('bob@example.com', 'K1JT');
    for (const id of [aliceId, bobId]) await subscribe(t, id, 'premium', null, new Date(R - 10 * DAY));
    await log(alice, 1, 'DL1ABC', 'CW');
    await log(alice, 2, 'G4ABC', 'CW');
    await log(bob, 1, 'EA1AAA', 'FT8');
    await until(factsReachedHead, Boolean, 'the facts of the first QSOs');
  });
  afterAll(async () => {
    await releaseFacts();
    await store?.close();
    await pool?.end();
    await t?.stop();
  });

  it('waits for a facts consumer that is behind, then records the awards the event log gives', async () => {
    await holdFacts();
    // Bob's three more QSOs reach the log; the facts consumer is stuck writing them.
    for (let i = 2; i <= 4; i += 1) await log(bob, i, `EA${i}BBB`, 'FT8');
    await sleep(300);
    expect(await factsReachedHead()).toBe(false);

    clock = AFTER_D0;
    const run = t.server.awards.runDue();
    await sleep(1_500);
    // Still waiting: computing now would give the day to Alice (2 QSOs in the facts against Bob's 1).
    expect(await awardEvents()).toEqual([]);
    await releaseFacts();

    expect(await run).toContainEqual({ day: D0, phase: 'provisional' });
    const [provisional] = await awardEvents();
    expect(summary(provisional!.awards)).toEqual(expect.arrayContaining([['QSO', 'K1JT', 4], ['CW', 'W1AW', 2]]));
    await expectTheLogsAnswer(provisional!);
  });

  it('says plainly that the facts are behind when they stay behind past the wait, and records nothing', async () => {
    await holdFacts();
    try {
      await log(alice, 3, 'JA1XYZ', 'CW');
      clock = FINAL_D0;
      const started = Date.now();
      const failure = await t.server.awards.runDue().then(() => null, (error: unknown) => error);
      expect(failure).toBeInstanceOf(FactsBehindError);
      expect((failure as Error).message).toMatch(/^the final awards of \d{4}-\d{2}-\d{2} wait for the QSO facts to reach log position \d+ \(the head when the job started\): the forwarder has read \d+, published \d+, the facts consumer applied \d+$/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(FACTS_WAIT_MS - 100);
      expect(await awardEvents()).toHaveLength(1);
    } finally {
      await releaseFacts();
    }
  });

  it('puts a computation off while the facts are behind, logs why, and records it on a later try', async () => {
    await holdFacts();
    const lines: { msg: string; level: number }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string; level: number }) });
    const jobs = new InProcessJobQueue();
    let job: DailyAwardsJob | null = null;
    const facts = new PostgresAwardFacts(pool);
    try {
      await log(alice, 4, 'VK2ABC', 'CW');
      clock = FINAL_D0;
      // A second job beside the server's (whose own runs wait for the test): it sweeps at once,
      // waits half a second for the facts each try, and tries again 300 ms later.
      job = await startDailyAwardsJob(jobs, { store, pool, facts, logger, factsWaitMs: 500 }, { now: () => clock, logger, catchUpDelayMs: 0, factsRetryMs: 300 });
      await until(async () => lines.filter((l) => l.level === 40).length, (n) => n >= 2, 'two tries put off');
      expect(await awardEvents()).toHaveLength(1);
      const putOff = lines.find((l) => l.level === 40)!;
      expect(putOff.msg).toMatch(/^the (final|provisional) awards of \d{4}-\d{2}-\d{2} wait for the QSO facts to reach log position \d+ .*; trying again in 0 s$/);
      expect(lines.some((l) => l.level === 30 && /^the (final|provisional) awards of \d{4}-\d{2}-\d{2} wait for the QSO facts to reach log position \d+$/.test(l.msg))).toBe(true);

      await releaseFacts();
      const [, final] = await until(awardEvents, (e) => e.length === 2, 'the final computation, once the facts caught up');
      expect(final).toMatchObject({ day: D0, phase: 'final' });
      // Alice's two late CW QSOs count: 4 against Bob's FT8 4, and she reached them later.
      expect(summary(final!.awards)).toEqual(expect.arrayContaining([['CW', 'W1AW', 4]]));
      await expectTheLogsAnswer(final!);
      expect(lines.some((l) => l.msg === 'daily awards recorded')).toBe(true);
    } finally {
      await releaseFacts();
      await job?.stop();
      await jobs.close();
      await facts.close();
    }
  });

  it('stops at once while it waits for the facts, leaving the computation to the next start', async () => {
    await holdFacts();
    const lines: { msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) });
    const jobs = new InProcessJobQueue();
    const facts = new PostgresAwardFacts(pool);
    try {
      await log(bob, 5, 'EA5BBB', 'FT8');
      clock = new Date(FINAL_D0.getTime() + DAY);
      const job = await startDailyAwardsJob(jobs, { store, pool, facts, logger, factsWaitMs: 60_000 }, { now: () => clock, logger, catchUpDelayMs: 0 });
      await until(async () => lines.some((l) => / wait for the QSO facts to reach log position \d+$/.test(l.msg)), Boolean, 'a wait for the facts');
      const stopping = Date.now();
      await job.stop();
      expect(Date.now() - stopping).toBeLessThan(2_000);
      expect(lines.some((l) => l.msg === 'daily awards recorded')).toBe(false);
    } finally {
      await releaseFacts();
      await jobs.close();
      await facts.close();
    }
  });
});
