/** The one retry policy for commands that meet a concurrent write, and handleCommand's use of it. */
import { describe, expect, it } from 'vitest';
import type { Decider } from '@hamlog/domain';
import { WrongExpectedRevisionError, type AppendRequest, type EventStore, type RecordedEvent } from '@hamlog/infra/ports/event-store';
import { handleCommand } from '../src/handling/handle-command';
import { backoffMs, CONFLICT_RETRY, retryOnConflict, type RetryClock } from '../src/handling/retry-on-conflict';

const conflict = () => new WrongExpectedRevisionError('s-1', 0, 1);

/** Records the waits instead of waiting; `random` is fixed. */
function fakeClock(random = 0.5): RetryClock & { waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms), random: () => random };
}

describe('retryOnConflict', () => {
  it('runs once when the first attempt succeeds', async () => {
    const clock = fakeClock();
    expect(await retryOnConflict(async (n) => n, CONFLICT_RETRY, clock)).toBe(1);
    expect(clock.waits).toEqual([]);
  });

  it('tries again after a conflict, waiting a jittered, growing, capped time', async () => {
    const clock = fakeClock(0.5);
    const policy = { attempts: 6, baseDelayMs: 10, maxDelayMs: 50 };
    const result = await retryOnConflict(
      async (n) => {
        if (n < 6) throw conflict();
        return 'done';
      },
      policy,
      clock,
    );
    expect(result).toBe('done');
    expect(clock.waits).toEqual([5, 10, 20, 25, 25]);
  });

  it('throws the last conflict when every attempt met one', async () => {
    const clock = fakeClock();
    let tries = 0;
    const run = retryOnConflict(
      async () => {
        tries += 1;
        throw conflict();
      },
      { ...CONFLICT_RETRY, attempts: 3 },
      clock,
    );
    await expect(run).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(tries).toBe(3);
    expect(clock.waits).toHaveLength(2);
  });

  it('never retries any other error', async () => {
    let tries = 0;
    const run = retryOnConflict(async () => {
      tries += 1;
      throw new Error('refused');
    }, CONFLICT_RETRY, fakeClock());
    await expect(run).rejects.toThrow('refused');
    expect(tries).toBe(1);
  });

  it('waits between 0 and the cap for any random draw', () => {
    for (const random of [0, 0.25, 0.999999]) {
      for (let retry = 1; retry <= 10; retry += 1) {
        const ms = backoffMs(retry, CONFLICT_RETRY, () => random);
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThan(Math.max(1, Math.min(CONFLICT_RETRY.maxDelayMs, CONFLICT_RETRY.baseDelayMs * 2 ** (retry - 1))));
      }
    }
  });
});

type Added = { type: 'Added'; data: { by: number } };
type Add = { by: number };
const counter: Decider<Add, Added, number> = {
  initialState: () => 0,
  decide: (command) => [{ type: 'Added', data: { by: command.by } }],
  evolve: (total, event) => total + event.data.by,
};

/** One stream in memory; another writer gets in before the first `interference` appends. */
function racingStore(interference: number) {
  const events: RecordedEvent[] = [];
  const record = (type: string, data: unknown): void => {
    events.push({ id: `e${events.length}`, type, data, metadata: {}, streamId: 's-1', version: 1, revision: events.length, position: events.length + 1, createdAt: new Date() });
  };
  let raced = 0;
  const store = {
    readStream: async () => [...events],
    append: async (request: AppendRequest) => {
      if (raced < interference) {
        raced += 1;
        record('Added', { by: 100 });
      }
      const actual = events.length === 0 ? 'no_stream' : events.length - 1;
      if (request.expectedRevision !== actual) throw new WrongExpectedRevisionError(request.streamId, request.expectedRevision, actual);
      for (const e of request.events) record(e.type, e.data);
      return { streamId: request.streamId, nextRevision: events.length - 1, position: events.length };
    },
  } as unknown as EventStore;
  return { store, events };
}

describe('handleCommand', () => {
  it('reads and decides again after a concurrent write, through the retry policy', async () => {
    const { store, events } = racingStore(2);
    const handled = await handleCommand(store, 's-1', counter, { by: 1 }, {});
    expect(handled.state).toBe(201);
    expect(handled.revision).toBe(2);
    expect(handled.appended).toMatchObject({ nextRevision: 2 });
    expect(events.map((e) => e.data)).toEqual([{ by: 100 }, { by: 100 }, { by: 1 }]);
  });

  it('gives up with the conflict when other writers keep getting in first', async () => {
    const { store } = racingStore(CONFLICT_RETRY.attempts);
    await expect(handleCommand(store, 's-1', counter, { by: 1 }, {})).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});
