import type { Page } from 'playwright-core';

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight from now on (the live websocket is not a request). */
export function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Resolves once the page has had no request in flight for `quietMs`: Playwright's 'networkidle'
 * with a shorter quiet time (it waits 500 ms, which across dozens of pages is most of a test).
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 15_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkQuiet: call trackRequests(page) first');
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`networkQuiet: still ${open.size} request(s) in flight after ${timeoutMs} ms`);
}
