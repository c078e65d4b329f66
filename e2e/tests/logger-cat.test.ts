import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { apiPost, logbookWith, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();

describe.skipIf(!canRun)('logger CAT link in Chromium, fed through the Cloudlog radio API', () => {
  const journey = startJourney();

  /** What a companion app sends: frequency in Hz. */
  const feedRig = (station: Station, frequencyHz: number, mode: string) =>
    apiPost(journey.server.url, '/radio', { key: station.apiKey, radio: 'IC-7300', frequency: frequencyHz, mode, power: 50 });

  it('offers the link once the rig reports a frequency; ticked, Freq and mode follow the rig', async () => {
    const station = await registerStation(journey.server.url, 'R');
    const page = await journey.browser.newPage();
    await signIn(page, journey.server.url, station);
    await page.goto(`${journey.server.url}/logger`);
    await page.getByText('CAT Link Unavailable').waitFor();

    await feedRig(station, 14_074_000, 'USB');
    const link = page.getByLabel('Use CAT link to IC-7300');
    await link.waitFor({ timeout: 10_000 });
    const freq = page.getByLabel('Freq (MHz)');
    const mode = page.getByLabel('Mode', { exact: true });
    expect(await freq.inputValue()).toBe('7.127'); // not followed before the box is ticked
    await link.check();
    await expect.poll(() => freq.inputValue()).toBe('14.074');
    expect(await mode.inputValue()).toBe('USB');

    await feedRig(station, 7_030_500, 'CW');
    await expect.poll(() => freq.inputValue(), { timeout: 10_000 }).toBe('7.0305');
    expect(await mode.inputValue()).toBe('CW');
    expect(await page.getByLabel('SNT').inputValue()).toBe('599');

    // A mode the link does not follow: only the frequency changes.
    await feedRig(station, 3_573_000, 'DIGU');
    await expect.poll(() => freq.inputValue(), { timeout: 10_000 }).toBe('3.573');
    expect(await mode.inputValue()).toBe('CW');

    await page.getByPlaceholder('Log a contact').fill('dk0abc');
    await page.getByLabel('RCV').press('Enter');
    await page.getByText('Logged DK0ABC.').waitFor();
    const [qso] = await logbookWith(journey.server.url, station, 1);
    expect(qso).toMatchObject({ Call: 'DK0ABC', Freq: 3573, Mode: 'CW' });

    // While editing, the rig is not polled and does not touch the QSO's frequency.
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/vrigcontrol/get')) polls.push(r.url());
    });
    await feedRig(station, 14_100_000, 'USB');
    await page.goto(`${journey.server.url}/logger/${qso!.qdo_id}`);
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    polls.length = 0;
    await page.waitForTimeout(4_500);
    expect(polls).toEqual([]);
    expect(await freq.inputValue()).toBe('3.573');
    await page.getByRole('button', { name: 'Cancel Edit' }).click();
    await page.waitForURL(`${journey.server.url}/logger`);
    await expect.poll(() => freq.inputValue(), { timeout: 10_000 }).toBe('14.100');

    // Unticked, the form keeps its own frequency; the choice is remembered.
    await link.uncheck();
    await feedRig(station, 21_074_000, 'FT8');
    await page.waitForTimeout(4_500);
    expect(await freq.inputValue()).toBe('14.100');
    await page.reload();
    await link.waitFor({ timeout: 10_000 });
    expect(await link.isChecked()).toBe(false);
  }, 90_000);
});
