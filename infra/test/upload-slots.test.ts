import { describe, expect, it } from 'vitest';
import { UploadSlots, type UploadTurn } from '../src/http/upload-slots';

const granted = (turn: UploadTurn) => {
  if (!turn.granted) throw new Error(`refused with ${turn.status}`);
  return turn;
};

describe('UploadSlots: uploads read at once (decision 0048)', () => {
  it('refuses at once beyond the bounds: 429 at the caller\'s own, 503 at the process\'s, each with Retry-After', async () => {
    const slots = new UploadSlots({ perCaller: 2, total: 3, retryAfterSeconds: 30 });
    const a1 = granted(await slots.take('a'));
    granted(await slots.take('a'));
    expect(await slots.take('a')).toEqual({ granted: false, status: 429, retryAfterSeconds: 30 });
    granted(await slots.take('b'));
    expect(await slots.take('c')).toEqual({ granted: false, status: 503, retryAfterSeconds: 30 });
    expect(slots.inUse()).toBe(3);

    a1.release();
    a1.release(); // once only
    expect(slots.inUse()).toBe(2);
    expect(slots.inUse('a')).toBe(1);
    granted(await slots.take('c'));
    expect((await slots.take('d')).granted).toBe(false);
  });

  it('with waiting, a request waits its turn (first in line first), bounded per caller and in all, and for a time', async () => {
    const slots = new UploadSlots({ perCaller: 1, total: 2, retryAfterSeconds: 5, waiting: { perCaller: 2, total: 3, ms: 200 } });
    const a = granted(await slots.take('a'));
    const b = granted(await slots.take('b'));
    const order: string[] = [];
    const c = slots.take('c').then((t) => (order.push('c'), granted(t)));
    const a2 = slots.take('a').then((t) => (order.push('a2'), granted(t)));
    const a3 = slots.take('a').then((t) => (order.push('a3'), t));
    // The line is full (3 waiting): refused at once; so is a caller with 2 waiting already.
    expect(await slots.take('d')).toEqual({ granted: false, status: 503, retryAfterSeconds: 5 });

    // b's place goes to c (a2 waits for a's own upload, however long ago it came).
    b.release();
    (await c).release();
    expect(order).toEqual(['c']);
    a.release();
    (await a2).release();
    expect(order).toEqual(['c', 'a2']);
    granted(await a3);
  });

  it('a wait ends after its time (429 when the caller\'s own uploads hold it, else 503) or when the request is gone', async () => {
    const slots = new UploadSlots({ perCaller: 1, total: 2, retryAfterSeconds: 5, waiting: { perCaller: 4, total: 8, ms: 50 } });
    granted(await slots.take('a'));
    expect(await slots.take('a')).toMatchObject({ granted: false, status: 429 });
    granted(await slots.take('b'));
    expect(await slots.take('c')).toMatchObject({ granted: false, status: 503 });

    const gone = new AbortController();
    const waiting = slots.take('c', gone.signal);
    gone.abort();
    expect((await waiting).granted).toBe(false);
    expect(slots.inUse()).toBe(2);
  });

  it('a caller at its own bound lets the others in line pass', async () => {
    const slots = new UploadSlots({ perCaller: 1, total: 3, retryAfterSeconds: 5, waiting: { perCaller: 4, total: 8, ms: 1_000 } });
    const a = granted(await slots.take('a'));
    const b = granted(await slots.take('b'));
    granted(await slots.take('x'));
    const a2 = slots.take('a');
    const c = slots.take('c');
    b.release();
    granted(await c);
    expect(slots.inUse('a')).toBe(1);
    a.release();
    granted(await a2);
  });
});
