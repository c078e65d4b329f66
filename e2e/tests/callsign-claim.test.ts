import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { registerStation } from '../src/logger-journey';

const canRun = browserAvailable();

describe.skipIf(!canRun)('callsign claims in Chromium (decision 0025)', () => {
  const journey = startJourney();
  const url = (path: string) => `${journey.server.url}${path}`;

  it('a taken callsign leads from registration to its claim; the station page marks it Unverified', async () => {
    const squatter = await registerStation(journey.server.url, 'C');
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(url(`/${squatter.callsign}`));
      await page.getByRole('heading', { name: squatter.callsign }).waitFor();
      await page.getByText('Unverified', { exact: true }).waitFor();
      const onStation = await seriousViolations(page);
      expect(onStation, describeViolations('station page', onStation)).toEqual([]);

      await page.goto(url('/register'));
      await page.getByLabel('Email').fill('real-holder@example.com');
      await page.getByLabel('Callsign').fill(squatter.callsign);
      await page.getByRole('button', { name: 'Get Started Free' }).click();
      await page.getByRole('link', { name: `Claim ${squatter.callsign}: it is my callsign` }).click();
      await page.getByRole('heading', { name: 'Claim your callsign' }).waitFor();
      expect(await page.getByLabel('Callsign').inputValue()).toBe(squatter.callsign);
      const onClaim = await seriousViolations(page);
      expect(onClaim, describeViolations('claim page', onClaim)).toEqual([]);

      const licence = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#eeddcc' } }).png().toBuffer();
      await page.getByLabel('Email').fill('real-holder@example.com');
      await page.getByLabel('QSL card or licence (photo)').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence });
      await page.getByLabel('Note for the reviewer').fill('Licence attached.');
      await page.getByRole('button', { name: 'Send claim' }).click();
      await page.getByText('Your claim was sent for review', { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  }, 60_000);
});
