import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FanOut, Job, JobQueue } from '../src/ports/jobs';

export interface JobsFixture {
  /** A job queue; retries in tests should use a short backoff (~50 ms). */
  queue(): JobQueue;
  /** For durable backends: a new JobQueue on the same storage, as after a process restart. */
  restart?(): JobQueue;
  /** A fan-out on the shared bus, as another process would have. */
  fanOut(): FanOut;
  dispose(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for condition');
    await sleep(10);
  }
}

export function jobsContract(name: string, make: () => Promise<JobsFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`JobQueue and FanOut contract: ${name}`, () => {
    let fixture: JobsFixture;
    let q: string;

    beforeEach(async () => {
      fixture = await make();
      q = `q-${randomBytes(4).toString('hex')}`;
    });
    afterEach(async () => {
      await fixture?.dispose();
    });

    it('processes every job once', async () => {
      const queue = fixture.queue();
      const seen: number[] = [];
      await queue.work<{ n: number }>(q, async (job) => {
        seen.push(job.data.n);
      });
      for (let n = 0; n < 20; n++) await queue.enqueue(q, 'count', { n });
      await waitFor(() => seen.length >= 20);
      await sleep(100);
      expect([...seen].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    });

    it('retries a failing job, then it succeeds', async () => {
      const queue = fixture.queue();
      const calls: Job<{ x: string }>[] = [];
      await queue.work<{ x: string }>(q, async (job) => {
        calls.push(job);
        if (job.attempt === 1) throw new Error('transient');
      });
      const id = await queue.enqueue(q, 'flaky', { x: 'y' });
      await waitFor(() => calls.length >= 2);
      await sleep(300);
      expect(calls.map((c) => c.attempt)).toEqual([1, 2]);
      expect(calls.map((c) => [c.id, c.name, c.data])).toEqual([
        [id, 'flaky', { x: 'y' }],
        [id, 'flaky', { x: 'y' }],
      ]);
    });

    it('stops when the attempts are used up', async () => {
      const queue = fixture.queue();
      const attempts: number[] = [];
      await queue.work(q, async (job) => {
        attempts.push(job.attempt);
        throw new Error('permanent');
      });
      await queue.enqueue(q, 'broken', {}, { attempts: 2 });
      await waitFor(() => attempts.length >= 2);
      await sleep(500);
      expect(attempts).toEqual([1, 2]);
    });

    it('runs a jobId enqueued twice only once', async () => {
      const queue = fixture.queue();
      const ids: string[] = [];
      for (const jobId of ['station:W1AW:rebuild', '42']) {
        expect(await queue.enqueue(q, 'rebuild', { first: true }, { jobId })).toBe(jobId);
        expect(await queue.enqueue(q, 'rebuild', { first: false }, { jobId })).toBe(jobId);
      }
      const data: unknown[] = [];
      await queue.work<{ first: boolean }>(q, async (job) => {
        ids.push(job.id);
        data.push(job.data);
      });
      await waitFor(() => ids.length >= 2);
      await sleep(300);
      expect(ids.sort()).toEqual(['42', 'station:W1AW:rebuild']);
      expect(data).toEqual([{ first: true }, { first: true }]);
    });

    it('respects concurrency', async () => {
      const queue = fixture.queue();
      let running = 0;
      let max = 0;
      let done = 0;
      await queue.work(
        q,
        async () => {
          running += 1;
          max = Math.max(max, running);
          await sleep(100);
          running -= 1;
          done += 1;
        },
        { concurrency: 2 },
      );
      for (let n = 0; n < 6; n++) await queue.enqueue(q, 'slow', { n });
      await waitFor(() => done >= 6);
      expect(max).toBe(2);
    });

    it('processes jobs enqueued before a worker exists', async () => {
      const producer = fixture.queue();
      for (let n = 0; n < 3; n++) await producer.enqueue(q, 'early', { n });
      let consumer = producer;
      if (fixture.restart) {
        await producer.close();
        consumer = fixture.restart();
      }
      const seen: number[] = [];
      await consumer.work<{ n: number }>(q, async (job) => {
        seen.push(job.data.n);
      });
      await waitFor(() => seen.length >= 3);
      expect(seen.sort()).toEqual([0, 1, 2]);
    });

    it('runs a delayed job after its delay', async () => {
      const queue = fixture.queue();
      const ranAt: number[] = [];
      await queue.work(q, async () => {
        ranAt.push(Date.now());
      });
      const start = Date.now();
      await queue.enqueue(q, 'later', {}, { delayMs: 400 });
      await sleep(150);
      expect(ranAt).toEqual([]);
      await waitFor(() => ranAt.length >= 1);
      expect(ranAt[0]! - start).toBeGreaterThanOrEqual(350);
    });

    it('closing a worker waits for its running handler', async () => {
      const queue = fixture.queue();
      let started = false;
      let finished = false;
      const worker = await queue.work(q, async () => {
        started = true;
        await sleep(200);
        finished = true;
      });
      await queue.enqueue(q, 'long', {});
      await waitFor(() => started);
      await worker.close();
      expect(finished).toBe(true);
    });

    it('fans out every message to every subscriber; unsubscribe stops delivery', async () => {
      const a = fixture.fanOut();
      const b = fixture.fanOut();
      const channel = `ch-${randomBytes(4).toString('hex')}`;
      const got: Record<string, string[]> = { a1: [], a2: [], b1: [], other: [] };
      const offA1 = await a.subscribe(channel, (m) => got.a1!.push(m));
      await a.subscribe(channel, (m) => got.a2!.push(m));
      await b.subscribe(channel, (m) => got.b1!.push(m));
      await b.subscribe(`${channel}-other`, (m) => got.other!.push(m));

      await a.publish(channel, 'm1');
      await b.publish(channel, 'm2 with "quotes" and ünïcode');
      await waitFor(() => got.a1!.length >= 2 && got.a2!.length >= 2 && got.b1!.length >= 2);

      await offA1();
      await a.publish(channel, 'm3');
      await waitFor(() => got.a2!.length >= 3 && got.b1!.length >= 3);
      await sleep(100);
      expect(got).toEqual({
        a1: ['m1', 'm2 with "quotes" and ünïcode'],
        a2: ['m1', 'm2 with "quotes" and ünïcode', 'm3'],
        b1: ['m1', 'm2 with "quotes" and ünïcode', 'm3'],
        other: [],
      });
    });
  });
}
