import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { DATABASE_AWAY } from '../http/error-answers';
import { HttpError } from '../http/http-error';
import type { LimitStore, SlotRequest, TakeAnswer } from '../ports/limit-store';

/**
 * One sorted set per key (members: slot ids, scores: when taken, in ms). The script checks every
 * key's windows and then adds the slot to all of them, or to none: Redis runs it as one step, so
 * every command-api instance of a pool counts against the same numbers. The rule matches
 * MemoryLimitStore's: a full window frees a slot when its oldest counted slot leaves it.
 * KEYS: the keys; ARGV: now (ms), the slot id, JSON [[[max, windowMs], ...] per key].
 * Answers {index of the first full key or -1, seconds to wait}.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local rules = cjson.decode(ARGV[3])
local refused, wait = -1, 0
local longest = {}
for i, key in ipairs(KEYS) do
  longest[i] = 1
  for _, w in ipairs(rules[i]) do
    if w[2] > longest[i] then longest[i] = w[2] end
  end
  redis.call('ZREMRANGEBYSCORE', key, '-inf', string.format('%d', now - longest[i]))
  for _, w in ipairs(rules[i]) do
    local max, windowMs = w[1], w[2]
    local since = string.format('(%d', now - windowMs)
    local count = redis.call('ZCOUNT', key, since, '+inf')
    if count >= max then
      local oldest = redis.call('ZRANGEBYSCORE', key, since, '+inf', 'WITHSCORES', 'LIMIT', count - max, 1)
      local seconds = math.max(1, math.ceil((tonumber(oldest[2]) + windowMs - now) / 1000))
      if refused < 0 then refused = i - 1 end
      if seconds > wait then wait = seconds end
    end
  end
end
if refused >= 0 then return {refused, wait} end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, longest[i])
end
return {-1, 0}
`;

interface WithTakeScript {
  takeSlots(keyCount: number, ...args: (string | number)[]): Promise<[number, number]>;
}

/** Limits shared by every process on one Redis (REDIS_URL); keys under `{prefix}:limits:`. */
export class RedisLimitStore implements LimitStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(options: { url: string; prefix?: string }) {
    this.prefix = `${options.prefix ?? 'hamlog'}:limits:`;
    // A request fails soon while Redis is away (503 below) instead of queueing behind it.
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 1 });
    this.redis.on('error', () => {});
    this.redis.defineCommand('takeSlots', { lua: TAKE_SCRIPT });
  }

  async take(requests: readonly SlotRequest[], atMs: number): Promise<TakeAnswer> {
    const slot = randomUUID();
    const rules = JSON.stringify(requests.map((r) => r.windows.map((w) => [w.max, w.windowMs])));
    let answer: [number, number];
    try {
      answer = await (this.redis as unknown as WithTakeScript).takeSlots(requests.length, ...requests.map((r) => this.prefix + r.key), Math.floor(atMs), slot, rules);
    } catch {
      // Closed, not open: with the limits away, nothing they guard is let through.
      throw new HttpError(503, DATABASE_AWAY);
    }
    const [refused, retryAfterSeconds] = answer;
    return refused < 0 ? { granted: true, slot } : { granted: false, refused, retryAfterSeconds };
  }

  async giveBack(keys: readonly string[], slot: string): Promise<void> {
    // A slot that could not be given back only counts until its window ends.
    await Promise.all(keys.map((key) => this.redis.zrem(this.prefix + key, slot))).catch(() => undefined);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
