import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WrongExpectedRevisionError,
  type AppendRequest,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../src/ports/event-store';

export interface EventStoreHandle {
  store: EventStore;
  cleanup(): Promise<void>;
}

export interface EventStoreContractOptions {
  /** appendMany is all-or-nothing across streams (PostgreSQL). */
  atomicAppendMany?: boolean;
  /** Positions are 1, 2, 3… with no holes (PostgreSQL); otherwise only strictly increasing. */
  contiguousPositions?: boolean;
  /** Appending an event id already stored in another stream is rejected (PostgreSQL). */
  rejectsEventIdFromOtherStream?: boolean;
}

/**
 * The behaviour every EventStore adapter must have. `make` returns a new, independent store
 * instance (own connections, as another process would have) on the same backing database; the
 * database may hold other events, so each test uses fresh stream ids and positions relative to
 * the head it observed.
 */
export function eventStoreContract(
  name: string,
  make: () => Promise<EventStoreHandle>,
  options: EventStoreContractOptions = {},
): void {
  describe(`EventStore contract: ${name}`, () => {
    const handles: EventStoreHandle[] = [];
    let store: EventStore;
    const open = async () => {
      const handle = await make();
      handles.push(handle);
      return handle.store;
    };

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await Promise.all(handles.map((h) => h.cleanup()));
    });

    const stream = (label = 's') => `${label}-${randomUUID()}`;
    const event = (type = 'Tested', data: unknown = { n: 1 }): NewEvent => ({ id: randomUUID(), type, data });
    const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
      try {
        await promise;
      } catch (error) {
        return error;
      }
      throw new Error('expected the promise to reject');
    };
    const expectConflict = async (
      promise: Promise<unknown>,
      streamId: string,
      expected: ExpectedRevision,
      actual: number | 'no_stream',
    ) => {
      const error = await rejection(promise);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId, expected, actual });
    };

    describe('append and read', () => {
      it('gives the first event of a stream revision 0 and reads it back', async () => {
        const id = stream();
        const e: NewEvent = { id: randomUUID(), type: 'QsoLogged', data: { call: 'DL1ABC' }, metadata: { userId: 'u1' } };
        const result = await store.append({ streamId: id, events: [e], expectedRevision: 'no_stream' });
        expect(result).toMatchObject({ streamId: id, nextRevision: 0 });
        expect(result.position).toBeGreaterThan(0);
        const [read, ...rest] = await store.readStream(id);
        expect(rest).toEqual([]);
        expect(read).toMatchObject({
          id: e.id,
          type: 'QsoLogged',
          version: 1,
          data: { call: 'DL1ABC' },
          metadata: { userId: 'u1' },
          streamId: id,
          revision: 0,
          position: result.position,
        });
        expect(read!.createdAt).toBeInstanceOf(Date);
      });

      it('keeps the schema version and numbers revisions consecutively', async () => {
        const id = stream();
        const result = await store.append({
          streamId: id,
          events: [{ ...event('V2'), version: 2 }, event(), event()],
          expectedRevision: 'no_stream',
        });
        expect(result.nextRevision).toBe(2);
        const events = await store.readStream(id);
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(events[0]!.version).toBe(2);
        expect(events[2]!.position).toBe(result.position);
        expect(events[1]!.position).toBeLessThan(events[2]!.position);
      });

      it('reads a stream from a revision with a maximum count; a missing stream is empty', async () => {
        const id = stream();
        await store.append({ streamId: id, events: Array.from({ length: 5 }, () => event()), expectedRevision: 'any' });
        const revisions = async (o: { fromRevision?: number; maxCount?: number }) =>
          (await store.readStream(id, o)).map((e) => e.revision);
        expect(await revisions({ fromRevision: 2 })).toEqual([2, 3, 4]);
        expect(await revisions({ maxCount: 2 })).toEqual([0, 1]);
        expect(await revisions({ fromRevision: 1, maxCount: 3 })).toEqual([1, 2, 3]);
        expect(await revisions({ fromRevision: 5 })).toEqual([]);
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it("answers many streams' revisions in one call, leaving out the streams that do not exist", async () => {
        const [one, three, missing] = [stream(), stream(), stream('missing')];
        await store.append({ streamId: one, events: [event()], expectedRevision: 'no_stream' });
        await store.append({ streamId: three, events: [event(), event(), event()], expectedRevision: 'no_stream' });
        const revisions = await store.streamRevisions([one, three, missing, one]);
        expect([...revisions].sort()).toEqual([[one, 0], [three, 2]].sort());
        expect(await store.streamRevisions([])).toEqual(new Map());
      });

      it('reads all events after a position, exclusive, in commit order', async () => {
        const head = await store.headPosition();
        const id = stream();
        const written = [event(), event(), event()];
        for (const e of written) await store.append({ streamId: id, events: [e], expectedRevision: 'any' });
        const all = (await store.readAll(head, 100)).filter((e) => e.streamId === id);
        expect(all.map((e) => e.id)).toEqual(written.map((e) => e.id));
        const afterFirst = await store.readAll(all[0]!.position, 100);
        expect(afterFirst.map((e) => e.id).filter((e) => written.some((w) => w.id === e))).toEqual([
          written[1]!.id,
          written[2]!.id,
        ]);
        const one = await store.readAll(all[0]!.position, 1);
        expect(one.map((e) => e.id)).toEqual([written[1]!.id]);
        if (options.contiguousPositions) {
          expect(all.map((e) => e.position)).toEqual([head + 1, head + 2, head + 3]);
        }
      });

      it('reports the head position', async () => {
        const result = await store.append({ streamId: stream(), events: [event()], expectedRevision: 'any' });
        expect(await store.headPosition()).toBe(result.position);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' accepts a new stream and rejects an existing one", async () => {
        const id = stream();
        await store.append({ streamId: id, events: [event()], expectedRevision: 'no_stream' });
        await expectConflict(
          store.append({ streamId: id, events: [event()], expectedRevision: 'no_stream' }),
          id,
          'no_stream',
          0,
        );
      });

      it("'stream_exists' rejects a new stream and accepts an existing one", async () => {
        const id = stream();
        await expectConflict(
          store.append({ streamId: id, events: [event()], expectedRevision: 'stream_exists' }),
          id,
          'stream_exists',
          'no_stream',
        );
        await store.append({ streamId: id, events: [event()], expectedRevision: 'any' });
        const result = await store.append({ streamId: id, events: [event()], expectedRevision: 'stream_exists' });
        expect(result.nextRevision).toBe(1);
      });

      it('a number must be the revision of the last event; the conflict carries the actual revision', async () => {
        const id = stream();
        await expectConflict(store.append({ streamId: id, events: [event()], expectedRevision: 0 }), id, 0, 'no_stream');
        await store.append({ streamId: id, events: [event(), event()], expectedRevision: 'no_stream' });
        const result = await store.append({ streamId: id, events: [event()], expectedRevision: 1 });
        expect(result.nextRevision).toBe(2);
        await expectConflict(store.append({ streamId: id, events: [event()], expectedRevision: 1 }), id, 1, 2);
        await expectConflict(store.append({ streamId: id, events: [event()], expectedRevision: 7 }), id, 7, 2);
        expect((await store.readStream(id)).length).toBe(3);
      });

      it("'any' accepts new and existing streams", async () => {
        const id = stream();
        expect((await store.append({ streamId: id, events: [event()], expectedRevision: 'any' })).nextRevision).toBe(0);
        expect((await store.append({ streamId: id, events: [event()], expectedRevision: 'any' })).nextRevision).toBe(1);
      });

      it('a conflicting request fails alone among concurrent appends', async () => {
        const existing = stream();
        await store.append({ streamId: existing, events: [event()], expectedRevision: 'no_stream' });
        const ids = Array.from({ length: 20 }, () => stream());
        const results = await Promise.allSettled([
          ...ids.map((id) => store.append({ streamId: id, events: [event()], expectedRevision: 'no_stream' })),
          store.append({ streamId: existing, events: [event()], expectedRevision: 'no_stream' }),
        ]);
        expect(results.slice(0, 20).every((r) => r.status === 'fulfilled')).toBe(true);
        const last = results[20]!;
        expect(last.status === 'rejected' && last.reason instanceof WrongExpectedRevisionError).toBe(true);
        for (const id of ids) expect((await store.readStream(id)).length).toBe(1);
      });
    });

    describe('idempotent append by event id', () => {
      it('a retried append writes nothing and returns the original result', async () => {
        const id = stream();
        const request: AppendRequest = { streamId: id, events: [event(), event()], expectedRevision: 'no_stream' };
        const first = await store.append(request);
        const retry = await store.append(request);
        expect(retry).toEqual(first);
        expect((await store.readStream(id)).length).toBe(2);
      });

      it('a retry after the stream moved on still returns the original result', async () => {
        const id = stream();
        await store.append({ streamId: id, events: [event()], expectedRevision: 'no_stream' });
        const request: AppendRequest = { streamId: id, events: [event()], expectedRevision: 0 };
        const first = await store.append(request);
        await store.append({ streamId: id, events: [event()], expectedRevision: 1 });
        expect(await store.append(request)).toEqual(first);
        expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it.runIf(options.rejectsEventIdFromOtherStream)('rejects an event id already stored in another stream', async () => {
        const e = event();
        await store.append({ streamId: stream(), events: [e], expectedRevision: 'any' });
        const other = stream();
        await expect(store.append({ streamId: other, events: [e], expectedRevision: 'any' })).rejects.toThrow();
        expect(await store.readStream(other)).toEqual([]);
      });
    });

    describe('appendMany', () => {
      it('returns one result per request, in order, applying requests to the same stream in turn', async () => {
        const a = stream();
        const b = stream();
        const results = await store.appendMany([
          { streamId: a, events: [event()], expectedRevision: 'no_stream' },
          { streamId: b, events: [event(), event()], expectedRevision: 'no_stream' },
          { streamId: a, events: [event()], expectedRevision: 0 },
        ]);
        expect(results.map((r) => [r.streamId, r.nextRevision])).toEqual([
          [a, 0],
          [b, 1],
          [a, 1],
        ]);
        expect(results[2]!.position).toBeGreaterThan(results[1]!.position);
        expect((await store.readStream(a)).length).toBe(2);
      });

      it.runIf(options.atomicAppendMany)('is all or nothing when one request conflicts', async () => {
        const fresh = stream();
        const existing = stream();
        await store.append({ streamId: existing, events: [event()], expectedRevision: 'no_stream' });
        const head = await store.headPosition();
        await expectConflict(
          store.appendMany([
            { streamId: fresh, events: [event()], expectedRevision: 'no_stream' },
            { streamId: existing, events: [event()], expectedRevision: 'no_stream' },
          ]),
          existing,
          'no_stream',
          0,
        );
        expect(await store.readStream(fresh)).toEqual([]);
        expect(await store.headPosition()).toBe(head);
        // The positions it would have taken are not lost.
        const next = await store.append({ streamId: fresh, events: [event()], expectedRevision: 'no_stream' });
        if (options.contiguousPositions) expect(next.position).toBe(head + 1);
      });

      it('writes 10,000 streams in one call quickly', { timeout: 120_000 }, async () => {
        const prefix = stream('import');
        const requests: AppendRequest[] = Array.from({ length: 10_000 }, (_, i) => ({
          streamId: `${prefix}-${i}`,
          events: [event('QsoLogged', { call: `K${i}`, band: '20m', mode: 'CW', n: i })],
          expectedRevision: 'no_stream',
        }));
        const head = await store.headPosition();
        const started = performance.now();
        const results = await store.appendMany(requests);
        const ms = performance.now() - started;
        console.log(`[${name}] appendMany of 10,000 streams: ${ms.toFixed(0)} ms`);
        expect(results.length).toBe(10_000);
        expect(results.every((r, i) => r.streamId === requests[i]!.streamId && r.nextRevision === 0)).toBe(true);
        expect(new Set(results.map((r) => r.position)).size).toBe(10_000);
        const read = await store.readStream(`${prefix}-4321`);
        expect(read.map((e) => e.data)).toEqual([{ call: 'K4321', band: '20m', mode: 'CW', n: 4321 }]);
        if (options.atomicAppendMany) {
          const all = await store.readAll(head, 20_000);
          expect(all.filter((e) => e.streamId.startsWith(prefix)).length).toBe(10_000);
        }
        expect(ms).toBeLessThan(30_000);
      });
    });

    describe('subscribeAll', () => {
      const waitFor = async (condition: () => boolean, timeoutMs = 20_000) => {
        const deadline = Date.now() + timeoutMs;
        while (!condition()) {
          if (Date.now() > deadline) throw new Error('timed out waiting for the subscription');
          await new Promise((r) => setTimeout(r, 10));
        }
      };

      it('delivers exactly all events of 8 concurrent writers, gap-free and in order', { timeout: 120_000 }, async () => {
        const prefix = stream('conc');
        const received: RecordedEvent[] = [];
        const subscription = store.subscribeAll(null, async (events) => {
          received.push(...events);
        });
        const others = await Promise.all(Array.from({ length: 4 }, open));
        const writers = [...others, store, store, store, store];
        const perWriter = 300;
        const streamsPerWriter = 10;
        const started = performance.now();
        await Promise.all(
          writers.map((writer, w) =>
            Promise.all(
              Array.from({ length: streamsPerWriter }, async (_, s) => {
                const streamId = `${prefix}-w${w}-s${s}`;
                for (let r = 0; r < perWriter / streamsPerWriter; r++) {
                  await writer.append({
                    streamId,
                    events: [event('QsoLogged', { w, s, r })],
                    expectedRevision: r === 0 ? 'no_stream' : r - 1,
                  });
                }
              }),
            ),
          ),
        );
        const total = writers.length * perWriter;
        const ms = performance.now() - started;
        console.log(`[${name}] ${total} appends from 8 writers: ${ms.toFixed(0)} ms (${((total / ms) * 1000).toFixed(0)}/s)`);
        const ours = () => received.filter((e) => e.streamId.startsWith(prefix));
        await waitFor(() => ours().length >= total);
        await new Promise((r) => setTimeout(r, 200));
        await subscription.stop();

        for (let i = 1; i < received.length; i++) {
          const step = received[i]!.position - received[i - 1]!.position;
          if (options.contiguousPositions) expect(step).toBe(1);
          else expect(step).toBeGreaterThan(0);
        }
        if (options.contiguousPositions) expect(received[0]!.position).toBe(1);
        const mine = ours();
        expect(mine.length).toBe(total);
        expect(new Set(mine.map((e) => e.id)).size).toBe(total);
        const byStream = new Map<string, number[]>();
        for (const e of mine) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
        expect(byStream.size).toBe(writers.length * streamsPerWriter);
        for (const revisions of byStream.values()) {
          expect(revisions).toEqual(Array.from({ length: perWriter / streamsPerWriter }, (_, i) => i));
        }
      });

      it('group-commits many concurrent single appends', { timeout: 60_000 }, async () => {
        const prefix = stream('tput');
        const count = 3_000;
        const started = performance.now();
        const results = await Promise.all(
          Array.from({ length: count }, (_, i) =>
            store.append({ streamId: `${prefix}-${i}`, events: [event('QsoLogged', { i })], expectedRevision: 'no_stream' }),
          ),
        );
        const ms = performance.now() - started;
        console.log(`[${name}] ${count} concurrent single appends: ${ms.toFixed(0)} ms (${((count / ms) * 1000).toFixed(0)}/s)`);
        expect(new Set(results.map((r) => r.position)).size).toBe(count);
      });

      it('resumes from a checkpoint (exclusive) after stop, one batch at a time', async () => {
        const id = stream();
        const head = await store.headPosition();
        const first: RecordedEvent[] = [];
        let inHandler = 0;
        let maxInHandler = 0;
        const sub1 = store.subscribeAll(
          head,
          async (events) => {
            inHandler++;
            maxInHandler = Math.max(maxInHandler, inHandler);
            expect(events.length).toBeLessThanOrEqual(2);
            await new Promise((r) => setTimeout(r, 5));
            first.push(...events.filter((e) => e.streamId === id));
            inHandler--;
          },
          { batchSize: 2 },
        );
        for (let i = 0; i < 5; i++) await store.append({ streamId: id, events: [event()], expectedRevision: 'any' });
        await waitFor(() => first.length >= 5);
        await sub1.stop();
        expect(maxInHandler).toBe(1);
        expect(first.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);

        for (let i = 0; i < 3; i++) await store.append({ streamId: id, events: [event()], expectedRevision: 'any' });
        const second: RecordedEvent[] = [];
        const sub2 = store.subscribeAll(first[4]!.position, async (events) => {
          second.push(...events.filter((e) => e.streamId === id));
        });
        await waitFor(() => second.length >= 3);
        await new Promise((r) => setTimeout(r, 100));
        await sub2.stop();
        expect(second.map((e) => e.revision)).toEqual([5, 6, 7]);
      });

      it('stop() resolves only after the in-flight handler finished', async () => {
        const head = await store.headPosition();
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        let entered = false;
        let finished = false;
        const sub = store.subscribeAll(head, async () => {
          entered = true;
          await gate;
          finished = true;
        });
        await store.append({ streamId: stream(), events: [event()], expectedRevision: 'any' });
        await waitFor(() => entered);
        let stopped = false;
        const stopping = sub.stop().then(() => (stopped = true));
        await new Promise((r) => setTimeout(r, 50));
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect(finished).toBe(true);
      });

      it('stops and reports a handler error', async () => {
        const head = await store.headPosition();
        let calls = 0;
        const errors: unknown[] = [];
        const boom = new Error('handler failed');
        const sub = store.subscribeAll(
          head,
          async () => {
            calls++;
            throw boom;
          },
          { onError: (e) => errors.push(e) },
        );
        await store.append({ streamId: stream(), events: [event()], expectedRevision: 'any' });
        await waitFor(() => errors.length > 0);
        await store.append({ streamId: stream(), events: [event()], expectedRevision: 'any' });
        await new Promise((r) => setTimeout(r, 300));
        expect(errors).toEqual([boom]);
        expect(calls).toBe(1);
        await sub.stop();
      });
    });
  });
}
