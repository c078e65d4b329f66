/**
 * What every LimitStore does, seen through the limiter (SlidingQuota, takeTogether): sliding
 * windows, slots taken all or none, given back, reset, and no more than the limit under a burst.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SlidingQuota, takeTogether, type QuotaTurn } from '../src/http/sliding-quota';
import type { LimitStore, LimitWindow } from '../src/ports/limit-store';

export interface LimitStoreFixture {
  store(): LimitStore;
  /** Another store on the same storage, as another process would have (shared stores only). */
  another?(): LimitStore;
  dispose(): Promise<void>;
}

const granted = (turn: QuotaTurn) => turn.granted;

export function limitStoreContract(name: string, make: () => Promise<LimitStoreFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`LimitStore contract: ${name}`, () => {
    let fixture: LimitStoreFixture;
    let store: LimitStore;
    let now = 1_000_000;
    let n = 0;
    /** A limiter with a name no other test uses, on the fixture's store and the test's clock. */
    const quota = (windows: readonly LimitWindow[], on: LimitStore = store) => new SlidingQuota(on, { name: `test-${(n += 1)}`, windows, refusal: 'wait' }, () => now);

    beforeEach(async () => {
      fixture = await make();
      store = fixture.store();
      now = 1_000_000;
    });
    afterEach(async () => fixture.dispose());

    it('grants up to each window’s max and says when the next slot frees', async () => {
      const q = quota([{ max: 2, windowMs: 1000 }, { max: 3, windowMs: 10_000 }]);
      expect(granted(await q.take('a'))).toBe(true);
      now += 100;
      expect(granted(await q.take('a'))).toBe(true);
      expect(await q.take('a')).toEqual({ granted: false, retryAfterSeconds: 1, refusedBy: q });
      expect(granted(await q.take('b'))).toBe(true);
      now += 901;
      expect(granted(await q.take('a'))).toBe(true);
      now += 1499;
      // The longer window is full: its oldest slot (taken 2.5 s ago) leaves it in 7.5 s.
      expect(await q.take('a')).toEqual({ granted: false, retryAfterSeconds: 8, refusedBy: q });
      now += 7501;
      expect(granted(await q.take('a'))).toBe(true);
    });

    it('a slot given back is free again, once', async () => {
      const q = quota([{ max: 2, windowMs: 60_000 }]);
      const first = await q.take('a');
      expect(granted(await q.take('a'))).toBe(true);
      expect(granted(await q.take('a'))).toBe(false);
      if (first.granted) {
        await first.giveBack();
        await first.giveBack();
      }
      expect(granted(await q.take('a'))).toBe(true);
      expect(granted(await q.take('a'))).toBe(false);
    });

    it('reset frees every slot of the key, and only of that key', async () => {
      const q = quota([{ max: 1, windowMs: 60_000 }]);
      await q.take('a');
      await q.take('b');
      await q.reset('a');
      expect(granted(await q.take('a'))).toBe(true);
      expect(granted(await q.take('b'))).toBe(false);
    });

    it('takes from several limiters all or none, naming the first that refused and the longest wait', async () => {
      const wide = quota([{ max: 3, windowMs: 60_000 }]);
      const narrow = quota([{ max: 1, windowMs: 30_000 }]);
      const other = quota([{ max: 1, windowMs: 90_000 }]);
      expect(granted(await takeTogether([[wide, 'k'], [narrow, 'k']]))).toBe(true);
      expect(granted(await other.take('k'))).toBe(true);
      const refused = await takeTogether([[wide, 'k'], [narrow, 'k'], [other, 'k']]);
      expect(refused).toEqual({ granted: false, retryAfterSeconds: 90, refusedBy: narrow });
      // The refusal took nothing from the wide limiter: two slots are still free there.
      expect(granted(await wide.take('k'))).toBe(true);
      expect(granted(await wide.take('k'))).toBe(true);
      expect(granted(await wide.take('k'))).toBe(false);
    });

    it('gives back the slots of every limiter taken together', async () => {
      const a = quota([{ max: 1, windowMs: 60_000 }]);
      const b = quota([{ max: 1, windowMs: 60_000 }]);
      const turn = await takeTogether([[a, 'x'], [b, 'y']]);
      if (turn.granted) await turn.giveBack();
      expect(granted(await a.take('x'))).toBe(true);
      expect(granted(await b.take('y'))).toBe(true);
    });

    it('a burst of concurrent takers gets exactly the limit, however long each one works', async () => {
      const q = quota([{ max: 10, windowMs: 60_000 }]);
      const turns = await Promise.all(Array.from({ length: 100 }, () => q.take('burst')));
      expect(turns.filter(granted)).toHaveLength(10);
    });

    it('keys of any length cost the same: they are hashed', async () => {
      const q = quota([{ max: 1, windowMs: 60_000 }]);
      const long = 'x'.repeat(1_000_000);
      expect(q.storeKey(long).length).toBeLessThan(100);
      expect(granted(await q.take(long))).toBe(true);
      expect(granted(await q.take(long))).toBe(false);
      expect(granted(await q.take(`${long}y`))).toBe(true);
    });

    it('counts across stores on the same storage (another process)', async (context) => {
      if (!fixture.another) return context.skip();
      const mine = quota([{ max: 10, windowMs: 60_000 }]);
      const theirs = new SlidingQuota(fixture.another(), mine.rule, () => now);
      const turns = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? mine : theirs).take('shared')));
      expect(turns.filter(granted)).toHaveLength(10);
    });
  });
}
