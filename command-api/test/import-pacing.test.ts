/**
 * Imports yield to clients' writes (decision 0034): the process counts clients' write calls as
 * they arrive (not reads, even sent as POST), and an import rests after each chunk in proportion to them, once the logbook has
 * applied the chunk.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { InProcessWritePositions } from '@hamlog/infra/read-your-writes/in-process-write-positions';
import { answerWithPosition, rememberWrites } from '../src/http/answer';
import { WriteActivity } from '../src/http/write-activity';
import { BUSY_WRITES_PER_S, importPacer, REST_PER_WORK } from '../src/import/import-pacing';

function fakeClock(start = 10_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('WriteActivity', () => {
  it('counts the writes of about the last second, and forgets older ones', () => {
    const clock = fakeClock();
    const activity = new WriteActivity(clock.now);
    expect(activity.writesPerSecond()).toBe(0);
    for (let i = 0; i < 40; i += 1) {
      activity.noteWrite();
      clock.advance(20);
    }
    expect(activity.writesPerSecond()).toBeGreaterThanOrEqual(30);
    expect(activity.writesPerSecond()).toBeLessThanOrEqual(40);
    clock.advance(1_000);
    expect(activity.writesPerSecond()).toBeLessThan(40);
    clock.advance(2_000);
    expect(activity.writesPerSecond()).toBe(0);
  });
});

describe('importPacer', () => {
  function setUp(writesPerSecond: number) {
    const clock = fakeClock();
    const activity = new WriteActivity(clock.now);
    for (let i = 0; i < writesPerSecond; i += 1) activity.noteWrite();
    const waited: string[] = [];
    const slept: number[] = [];
    const pace = importPacer({
      activity,
      clock: clock.now,
      progress: {
        waitFor: async (names, position) => {
          waited.push(...names.map((name) => `${name}@${position}`));
          return true;
        },
      },
      sleep: async (ms) => void slept.push(ms),
    });
    return { clock, pace, waited, slept };
  }

  it('runs flat out when nobody else writes', async () => {
    const { clock, pace, waited, slept } = setUp(0);
    clock.advance(300);
    await pace(5_000);
    expect(waited).toEqual([]);
    expect(slept).toEqual([]);
  });

  it('waits for the logbook to apply the chunk, then rests up to twice its time while others write hard', async () => {
    const { clock, pace, waited, slept } = setUp(BUSY_WRITES_PER_S * 2);
    clock.advance(300);
    await pace(5_000);
    clock.advance(200);
    await pace(10_000);
    expect(waited).toEqual(['logbook@5000', 'logbook@10000']);
    expect(slept).toEqual([300 * REST_PER_WORK, 200 * REST_PER_WORK]);
  });

  it('rests in proportion to a lighter load', async () => {
    const { clock, pace, slept } = setUp(BUSY_WRITES_PER_S / 10);
    clock.advance(300);
    await pace(5_000);
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeCloseTo((300 * REST_PER_WORK) / 10, 5);
  });
});

describe('rememberWrites', () => {
  let close: (() => void) | null = null;
  afterEach(() => close?.());

  it("counts each client's write call once, on arrival, and no read, whatever its method", async () => {
    const activity = new WriteActivity();
    const app = express();
    // As in the one-process app: the Cloudlog router's and the command router's stacks both pass every call.
    const writes = { activity, isWritePath: (path: string) => path.startsWith('/write') };
    const remembering = rememberWrites(new InProcessWritePositions(), pino({ level: 'silent' }), writes);
    app.use(remembering, remembering);
    app.all('/read', (_req, res) => void res.json({ ok: true }));
    app.all('/write', (_req, res) => void answerWithPosition(res, null, { ok: true }));
    // A write still queued (behind an import's chunk) has already arrived: it counts before it answers.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.post('/write-held', (_req, res) => void held.then(() => res.json({ ok: true })));
    const server = app.listen(0);
    close = () => server.close();
    const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    await fetch(url('/read'));
    await fetch(url('/write'));
    await fetch(url('/write'), { method: 'HEAD' });
    // Reads sent as POST (/vlogbook, /vsr) are not writes.
    await fetch(url('/read'), { method: 'POST', body: '{}' });
    expect(activity.writesPerSecond()).toBe(0);
    await fetch(url('/write'), { method: 'POST', body: '{}' });
    const queued = fetch(url('/write-held'), { method: 'POST', body: '{}' });
    await expect.poll(() => activity.writesPerSecond()).toBeGreaterThan(1.9);
    // Two calls, each counted once (a window rolling between them makes the estimate a little under 2; counted twice it would be 4).
    expect(activity.writesPerSecond()).toBeLessThanOrEqual(2);
    release();
    expect((await queued).status).toBe(200);
  });
});
