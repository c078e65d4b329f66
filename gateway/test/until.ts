const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks until `found` holds or `timeoutMs` has passed, and answers the last value either way (read
 * models and the live state are built asynchronously; the caller's expectation says what was wrong).
 */
export async function until<T>(ask: () => Promise<T>, found: (value: T) => boolean, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await ask();
  while (!found(value) && Date.now() < deadline) {
    await sleep(everyMs);
    value = await ask();
  }
  return value;
}
