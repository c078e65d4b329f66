import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gradientPng } from '../src/accounts-journey';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { registerStation, signIn } from '../src/logger-journey';

const canRun = browserAvailable();

/** How wide an <img> decoded (0 until it has loaded); run in the page. */
const loadedWidth = (img: unknown) => {
  const el = img as { complete: boolean; naturalWidth: number };
  return el.complete ? el.naturalWidth : 0;
};

/** Answers the form's 'What is X + Y?' by reading the question the server issued. */
async function answerCaptcha(page: Page): Promise<void> {
  const label = page.locator('label', { hasText: /^What is \d+ \+ \d+\?$/ });
  await label.waitFor();
  const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec((await label.textContent()) ?? '') ?? [];
  await page.getByLabel(/^What is/).fill(String(Number(x) + Number(y)));
}

describe.skipIf(!canRun)('Posts in Chromium: writing a post with an image, and a body full of markup that stays text', () => {
  const journey = startJourney();

  it('publishes a post with an image, shown on /news and on its own page', async () => {
    const station = await registerStation(journey.server.url, 'P');
    const context = await journey.browser.newContext();
    const page = await context.newPage();
    await signIn(page, journey.server.url, station);
    await page.goto(`${journey.server.url}/post/new`);

    await page.getByLabel('Title').fill('Field day from the hilltop');
    await page.getByLabel('Body').fill('We set up two dipoles and a vertical on the hill and made 212 contacts before the rain came.');
    await page.getByLabel('Image').setInputFiles({ name: 'hilltop.png', mimeType: 'image/png', buffer: gradientPng(640, 360) });
    // The chosen image is previewed, and the YouTube field is off while an image is chosen.
    await expect.poll(() => page.getByAltText('Preview of the chosen image').evaluate(loadedWidth)).toBe(640);
    await expect(page.getByLabel('YouTube video ID').isDisabled()).resolves.toBe(true);
    await answerCaptcha(page);
    await page.getByRole('button', { name: 'Publish' }).click();

    await page.waitForURL(/\/news\?updated=true$/);
    await page.getByText('Post updated successfully! It may take a minutes to show up.').waitFor();
    const card = page.locator('.post-card', { hasText: 'Field day from the hilltop' });
    await card.getByText('We set up two dipoles and a vertical on the hill and made 212 contacts before the rain came....').waitFor();
    await expect.poll(() => card.locator('img').evaluate(loadedWidth)).toBeGreaterThan(0);

    await card.getByRole('link', { name: 'Read More: Field day from the hilltop' }).click();
    await page.waitForURL(/\/post\/[0-9a-f]{24}\/field-day-from-the-hilltop$/);
    await page.getByRole('heading', { level: 1, name: 'Field day from the hilltop' }).waitFor();
    await expect.poll(() => page.locator('img.post-hero').evaluate(loadedWidth)).toBe(640);
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    await context.close();
  }, 60_000);

  it('shows a body full of markup as text: no script runs, no element is made from it', async () => {
    const station = await registerStation(journey.server.url, 'X');
    const context = await journey.browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, journey.server.url, station);
    await page.goto(`${journey.server.url}/post/new`);

    const body = [
      '<script>alert(1)</script><b>Bold claims</b> about antennas.',
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">click me</a> and more words.',
      'Details at https://example.com/antennas',
    ].join('\n');
    await page.getByLabel('Title').fill('<i>Markup</i> in a post');
    await page.getByLabel('Body').fill(body);
    await page.getByLabel('YouTube video ID').fill('dQw4w9WgXcQ');
    await expect(page.getByLabel('Image').isDisabled()).resolves.toBe(true);
    await answerCaptcha(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/news\?updated=true$/);

    const card = page.locator('.post-card', { hasText: 'Markup in a post' });
    await card.getByRole('link', { name: 'Read More: Markup in a post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Markup in a post' }).waitFor();
    const shown = page.locator('.post-body');
    await shown.waitFor();
    // The words are there as text, the markup made nothing: no <script>, <b>, <img>, <a href=javascript:>.
    await expect(shown.innerText()).resolves.toBe('Bold claims about antennas.\nclick me and more words.\nDetails at https://example.com/antennas');
    await expect(shown.locator('script, b, img, i').count()).resolves.toBe(0);
    await expect(page.locator('a[href^="javascript:"]').count()).resolves.toBe(0);
    await expect(shown.getByRole('link', { name: 'https://example.com/antennas' }).getAttribute('href')).resolves.toBe('https://example.com/antennas');
    await expect(page.locator('h1 i').count()).resolves.toBe(0);
    // The video plays inline from YouTube's privacy-enhanced host, with a Pop out button.
    await expect(page.getByTitle('Video: Markup in a post').getAttribute('src')).resolves.toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Pop out' }).waitFor();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);

    // What the author wrote is kept as written; only its display strips markup.
    const id = /\/post\/([0-9a-f]{24})/.exec(page.url())?.[1] ?? '';
    const stored = (await (await fetch(`${journey.server.url}/api/vpost/${id}`)).json()) as { body: string };
    expect(stored.body).toBe(body);
    await context.close();
  }, 60_000);
});
