import { hash, verify } from '@node-rs/argon2';
import { inCostlySlot } from '@hamlog/infra/runtime/thread-pool';

// argon2id with OWASP's minimum (19 MiB, 2 passes): costly per guess.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 as const };

// Hashes run on libuv's thread pool, which file reads (the client's pages, /media) share: left
// alone, a login flood queued hundreds there and page loads waited seconds (bench/src/login-flood.ts).
// They wait in the process's one queue for costly native work instead.
export function hashPassword(password: string): Promise<string> {
  return inCostlySlot(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so timing does not tell which emails have passwords.
    await hashPassword(password);
    return false;
  }
  try {
    return await inCostlySlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
