import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { focusedName, logbookWith, loggedQsos, registerStation, signIn } from '../src/logger-journey';

const canRun = browserAvailable();
const NETWORK_ERROR = 'Network Error, please try again.';

describe.skipIf(!canRun)('logger in Chromium when the server goes away mid-contact', () => {
  const journey = startJourney();

  it('keeps everything typed, offers the retry, and the retry after a restart logs exactly one QSO', async () => {
    const station = await registerStation(journey.server.url, 'N');
    const page = await journey.browser.newPage();
    await signIn(page, journey.server.url, station);
    await page.clock.install();
    await page.goto(`${journey.server.url}/logger`);

    const call = page.getByPlaceholder('Log a contact');
    await call.fill('pa3xyz');
    await page.getByLabel('SNT').fill('55');
    await page.getByLabel('RCV').fill('56');
    await page.getByLabel('Name', { exact: true }).fill('Piet');
    await page.getByLabel('Comments').fill('typed before the outage');
    await page.getByLabel('Freq (MHz)').fill('10.136');
    await page.getByLabel('Mode', { exact: true }).selectOption('FT8');

    await journey.server.pause();
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    const retry = page.getByRole('button', { name: NETWORK_ERROR });
    await retry.waitFor();
    // A second try while the server is still down fails the same way and keeps the form.
    await retry.click();
    await retry.waitFor();

    expect(await call.inputValue()).toBe('PA3XYZ');
    expect(await page.getByLabel('SNT').inputValue()).toBe('55');
    expect(await page.getByLabel('RCV').inputValue()).toBe('56');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Piet');
    expect(await page.getByLabel('Comments').inputValue()).toBe('typed before the outage');
    expect(await page.getByLabel('Freq (MHz)').inputValue()).toBe('10.136');
    expect(await page.getByLabel('Mode', { exact: true }).inputValue()).toBe('FT8');

    await journey.server.resume();
    // The retry comes a minute later: it must still be the same contact (same TS).
    await page.clock.fastForward('01:05');
    await retry.click();
    await page.getByText('Logged PA3XYZ.').waitFor();
    expect(await retry.count()).toBe(0);
    expect(await call.inputValue()).toBe('');
    expect(await focusedName(page)).toBe('call');

    const qsos = await logbookWith(journey.server.url, station, 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await loggedQsos(journey.server.url, station)).toHaveLength(1);
    expect(qsos[0]).toMatchObject({ Call: 'PA3XYZ', SNT: '55', RCV: '56', Name: 'Piet', Comment: 'typed before the outage', Freq: 10136, Mode: 'FT8' });
  }, 120_000);

  it('does not double a contact whose answer was lost: the resend keeps its time', async () => {
    const station = await registerStation(journey.server.url, 'L');
    const page = await journey.browser.newPage();
    await signIn(page, journey.server.url, station);
    await page.clock.install();
    await page.goto(`${journey.server.url}/logger`);
    // The server logs the contact, but the answer never reaches the browser.
    let dropped = 0;
    await page.route('**/api/vqso/upsert', async (route) => {
      if (dropped > 0) return route.continue();
      dropped += 1;
      await route.fetch(); // reaches the server
      await route.abort('connectionreset');
    });
    await page.getByPlaceholder('Log a contact').fill('on4abc');
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    const retry = page.getByRole('button', { name: NETWORK_ERROR });
    await retry.waitFor();
    await page.clock.fastForward('01:05');
    await retry.click();
    await page.getByText('ON4ABC was already logged.').waitFor();
    expect(await logbookWith(journey.server.url, station, 1)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await loggedQsos(journey.server.url, station)).toHaveLength(1);
  }, 60_000);
});
