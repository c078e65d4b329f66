import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startProductServer, type ProductServer, type ProductServerOptions } from './server';

export interface Journey {
  readonly server: ProductServer;
  readonly browser: Browser;
}

/** A real server on a fresh data folder and Chromium for one describe block; both stop after it. */
export function startJourney(
  /** More environment for the server, read when it starts (beforeAll): a getter, so it may name things other beforeAlls made. */
  env: () => Record<string, string> = () => ({}),
  /** The server's test knobs (e.g. a confirmation sync soon after logging). */
  options: ProductServerOptions = {},
): Journey {
  const journey = {} as { server: ProductServer; browser: Browser };
  beforeAll(async () => {
    journey.server = await startProductServer(env(), options);
    journey.browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}
