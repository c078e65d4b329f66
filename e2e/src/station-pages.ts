import type { BrowserContext, Page } from 'playwright-core';
import type { Journey } from './journey';
import { signIn, type Station } from './logger-journey';

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 375, height: 812 } as const;

/** Pages signed in as a station, each in its own browser context (downloads allowed); closeAll() at the end. */
export function stationPages(journey: Journey) {
  const contexts: BrowserContext[] = [];
  return {
    async open(station: Station, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
      const context = await journey.browser.newContext({ viewport, colorScheme, acceptDownloads: true });
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, journey.server.url, station);
      return page;
    },
    closeAll: () => Promise.all(contexts.map((c) => c.close())),
  };
}
