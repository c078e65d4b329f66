import { createHash } from 'node:crypto';
import type { LimitStore, LimitWindow } from '../ports/limit-store';

/** Slots taken (give them back when the rule says the attempt did not count), or how long until there is room. */
export type QuotaTurn =
  | { granted: true; giveBack(): Promise<void> }
  | { granted: false; retryAfterSeconds: number; refusedBy: SlidingQuota };

export interface QuotaRule {
  /** Names the limiter's keys in the store (unique per limiter). */
  name: string;
  windows: readonly LimitWindow[];
  /** What a refusal answers (429). */
  refusal: string;
}

/**
 * A limiter: at most each window's `max` slots per key in a sliding window (decision 0047). A slot
 * is taken before the work it allows, never counted after it, so a burst of concurrent requests
 * gets no further than the same requests one by one. A limit on failures gives the slot back when
 * the attempt succeeds; a limit on uses keeps it (or gives it back when nothing was done).
 */
export class SlidingQuota {
  constructor(
    readonly store: LimitStore,
    readonly rule: QuotaRule,
    readonly now: () => number = Date.now,
  ) {}

  take(key: string): Promise<QuotaTurn> {
    return takeTogether([[this, key]]);
  }

  /** Frees every slot of the key (a success that forgives the failures before it). */
  reset(key: string): Promise<void> {
    return this.store.clear(this.storeKey(key));
  }

  /** Keys hashed: an address or an email of any length costs the same few bytes. */
  storeKey(key: string): string {
    return `${this.rule.name}:${createHash('sha256').update(key).digest('base64url')}`;
  }
}

/**
 * One slot from each (limiter, key) or none: when one refuses, nothing is taken from the others.
 * The limiters share one store (one atomic step in it); the clock is the first one's.
 */
export async function takeTogether(claims: readonly (readonly [SlidingQuota, string])[]): Promise<QuotaTurn> {
  const { store, now } = claims[0]![0];
  if (claims.some(([quota]) => quota.store !== store)) throw new Error('limits taken together must share one store');
  const keys = claims.map(([quota, key]) => quota.storeKey(key));
  const answer = await store.take(claims.map(([quota], i) => ({ key: keys[i]!, windows: quota.rule.windows })), now());
  if (!answer.granted) return { granted: false, retryAfterSeconds: answer.retryAfterSeconds, refusedBy: claims[answer.refused]![0] };
  let given = false;
  return {
    granted: true,
    giveBack: async () => {
      if (given) return;
      given = true;
      await store.giveBack(keys, answer.slot);
    },
  };
}
