import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { SessionStore } from '../src/auth/session-store';
import { createPool } from '../src/postgres/pool';
import { ProjectionProgress } from '../src/postgres/projection-progress';
import { InProcessWritePositions } from '../src/read-your-writes/in-process-write-positions';
import { positionToSee, readYourWrites } from '../src/http/read-your-writes';

// Never connected: these reads name their caller, so nothing is looked up.
const pool = createPool('postgres://unused@127.0.0.1:1/none');

function read(middleware: ReturnType<typeof readYourWrites>, userId: string): { done: Promise<number>; res: Response } {
  const headers: Record<string, string> = {};
  const res = { locals: { userId }, setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as Response;
  const started = Date.now();
  const done = new Promise<number>((resolve, reject) => {
    middleware({ headers: {}, query: {} } as Request, res, (error?: unknown) => (error ? reject(error) : resolve(Date.now() - started)));
  });
  return { done, res };
}

describe('read-your-writes on the server', () => {
  it("waits for the caller's own latest write and never for anyone else's", async () => {
    const progress = new ProjectionProgress(pool);
    progress.report('logbook', 100);
    const writePositions = new InProcessWritePositions();
    await writePositions.remember('alice', 150);
    const middleware = readYourWrites({ progress, writePositions, pool, sessions: {} as SessionStore }, ['logbook']);

    const bob = read(middleware, 'bob');
    expect(await bob.done).toBeLessThan(50);

    const alice = read(middleware, 'alice');
    let aliceDone = false;
    void alice.done.then(() => (aliceDone = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(aliceDone).toBe(false);
    progress.report('logbook', 150);
    await alice.done;
    expect(aliceDone).toBe(true);
  });

  it('takes the later of the header and the remembered write', () => {
    expect(positionToSee(undefined, 0)).toBe(0);
    expect(positionToSee('40', 25)).toBe(40);
    expect(positionToSee(['10'], 25)).toBe(25);
    expect(positionToSee('nonsense', 7)).toBe(7);
  });
});
