import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit, threadPoolSize } from '@hamlog/infra/runtime/thread-pool';

// argon2id with OWASP's minimum (19 MiB, 2 passes): costly per guess.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 as const };

// Hashes run on libuv's thread pool, which file reads (the client's pages, /media) and DNS share.
// Left alone, a login flood queues hundreds of hashes there and every page load waits behind them
// (seconds, in bench/src/login-flood.ts), while hashes beyond the cores only slow each other.
// So at most min(cores, pool - 1) hash at once; the other logins wait here, in JS.
const inHashSlot = concurrencyLimit(Math.max(1, Math.min(availableParallelism(), threadPoolSize() - 1)));

export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so timing does not tell which emails have passwords.
    await hashPassword(password);
    return false;
  }
  try {
    return await inHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
