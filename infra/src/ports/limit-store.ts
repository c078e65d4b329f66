/**
 * Where limits count their slots (decision 0047): in this process (MemoryLimitStore), or in Redis
 * so that every command-api instance of a pool counts against the same numbers (RedisLimitStore).
 */

/** At most `max` slots in any `windowMs` (a sliding window). */
export interface LimitWindow {
  readonly max: number;
  readonly windowMs: number;
}

/** One slot asked of one limiter: `key` names what is limited (one limiter's key space), `windows` its rule. */
export interface SlotRequest {
  readonly key: string;
  readonly windows: readonly LimitWindow[];
}

/** The slots were taken under `slot` on every key asked; or none was, because the request at `refused` is full. */
export type TakeAnswer = { granted: true; slot: string } | { granted: false; refused: number; retryAfterSeconds: number };

export interface LimitStore {
  /**
   * Takes one slot on every request, at `atMs`, or on none of them: one atomic step, so concurrent
   * takers cannot all pass a check made before any of them counted. Refused: the first full
   * request's index and the seconds until every full one has room again (at least 1).
   */
  take(requests: readonly SlotRequest[], atMs: number): Promise<TakeAnswer>;
  /** Frees the slot taken under `slot` on those keys (a key cleared since then is left as it is). */
  giveBack(keys: readonly string[], slot: string): Promise<void>;
  /** Frees every slot of the key. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
