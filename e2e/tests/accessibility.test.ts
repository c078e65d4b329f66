import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshLogin, subscribeWithCli, userIdOf } from '../src/accounts-journey';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { networkQuiet, trackRequests } from '../src/network-quiet';
import { apiPost, logThroughApi, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;
const SCHEMES = ['light', 'dark'] as const;

/** Waits until the page has loaded its data and shows no spinner. */
async function settled(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.locator('main .loading').first().waitFor({ state: 'detached', timeout: 10_000 });
}

describe.skipIf(!canRun)('accessibility in Chromium: axe-core finds nothing serious on the main pages', () => {
  const journey = startJourney();
  let station: Station;
  let qsoId: string;
  let senderToken: string;
  let stationId: string;

  beforeAll(async () => {
    station = await registerStation(journey.server.url, 'A');
    qsoId = (await logThroughApi(journey.server.url, station, { Call: 'W1AW', Freq: 14025, Mode: 'CW', Name: 'Hiram', SNT: '599', RCV: '579', Comment: 'first' })).qdo_id;
    await logThroughApi(journey.server.url, station, { Call: 'JA1XYZ', Freq: 7074, Mode: 'FT8' });
    await apiPost(journey.server.url, '/vaddsubaccount', { callsign: `${station.callsign}/P` }, station.token);
    // A subscribed station that sends messages (each run below sends one).
    const sender = await registerStation(journey.server.url, 'S');
    await subscribeWithCli(journey.server.dataDir, sender.callsign);
    senderToken = (await freshLogin(journey.server.url, sender)).token;
    stationId = await userIdOf(journey.server.url, station);
  }, 60_000);

  const visitorPages = () => ['/', '/home', '/login', '/register', `/${station.callsign}`, `/qso/${qsoId}`, '/no-such-page', '/leaderboards', '/?pane=1', '/?pane=10', '/sstv', `/live/user/${stationId}`];
  const userPages = () => [
    '/', '/logger', '/logs', `/qso/${qsoId}`, '/profile', `/${station.callsign}`, '/profile/pictures', '/notifications', '/account/profiles', '/claim-callsign', '/no-such-page', '/awards',
  ];

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      it(`${size} (${viewport.width}x${viewport.height}), ${scheme}: no serious or critical violations`, async () => {
        // The theme follows the system here (no stored choice): prefers-color-scheme picks it.
        const context = await journey.browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        trackRequests(page);
        const found: string[] = [];
        const check = async (where: string) => {
          const violations = await seriousViolations(page);
          if (violations.length > 0) found.push(describeViolations(`${size}/${scheme} ${where}`, violations));
        };
        try {
          for (const path of visitorPages()) {
            await page.goto(`${journey.server.url}${path}`);
            await settled(page);
            await check(`visitor ${path}`);
          }
          // An unread message (read once /notifications is visited): the icon bar shows its badge.
          await apiPost(journey.server.url, '/vsendmessage', { recipient_id: stationId, message: `Thanks for the QSO (${size}, ${scheme}), 73!` }, senderToken);
          await signIn(page, journey.server.url, station);
          for (const path of userPages()) {
            await page.goto(`${journey.server.url}${path}`);
            await settled(page);
            if (path === '/') await page.getByRole('link', { name: /^Notifications \d+ unread$/ }).waitFor();
            await check(path);
          }
          await page.goto(`${journey.server.url}/logger`);
          await settled(page);
          await page.getByPlaceholder('Log a contact').fill('w1aw');
          await page.getByPlaceholder('Log a contact').press('Enter');
          await page.getByRole('region', { name: 'Previous QSOs with W1AW' }).waitFor();
          await check('/logger with a call entered');
          // The in-page confirmation dialog (answered No).
          await page.goto(`${journey.server.url}/logger/${qsoId}`);
          await settled(page);
          await page.getByRole('button', { name: 'Delete QSO' }).click();
          await page.getByRole('alertdialog').waitFor();
          await check('/logger/{id} asking to delete');
          await page.keyboard.press('Escape');
          await page.getByRole('searchbox', { name: 'Find a station' }).fill('w1');
          await page.getByRole('button', { name: 'Go to station' }).click();
          await page.getByRole('alert').first().waitFor();
          await check('a too short search');
          await page.goto(`${journey.server.url}/`);
          await settled(page);
          await page.locator('.account-button').click();
          await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
          await check('/ with the account menu open');
        } finally {
          await context.close();
        }
        expect(found, `\n${found.join('\n')}`).toEqual([]);
      }, 180_000);
    }
  }
});
