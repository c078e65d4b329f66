/**
 * Connected services and paper QSL cards in Chromium, against local fakes of QRZ Logbook, Club
 * Log and eQSL (infra/src/testing/fake-*.ts): a station connects QRZ Logbook in Settings,
 * logs a QSO, presses Sync now and sees it uploaded and the fake holding it; the fake confirms it,
 * Sync now brings the confirmation to the QSO page. A wrong key stops the sync with QRZ's reason
 * and Sync now is refused. Paper cards are queued from the logbook, sent from the QSL queue, and
 * the QSO page says so. The screens at 1280 and 375 px, light and dark: no sideways scrolling,
 * nothing serious for axe-core; E2E_SCREENSHOTS=<folder> keeps a screenshot of each.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceState, ServicesAnswer, SyncedService } from '@hamlog/domain';
import { startFakeClubLog, type FakeClubLog } from '@hamlog/infra/testing/fake-clublog';
import { startFakeEqsl, type FakeEqsl } from '@hamlog/infra/testing/fake-eqsl';
import { startFakeQrzLogbook, type FakeQrzLogbook } from '@hamlog/infra/testing/fake-qrz-logbook';
import { browserAvailable } from '../src/browser';
import { checkScreen } from '../src/check-screen';
import { startJourney } from '../src/journey';
import { answerDialogs, apiPost, logbookWith, logThroughApi, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();
const DESKTOP = { width: 1280, height: 900 } as const;
const PHONE = { width: 375, height: 812 } as const;
const QRZ_KEY = 'ABCD-1234-EFGH-5678';
const CLUBLOG_KEY = 'hamlog-developer-key';
const SYNC_MS = 20_000;
/** LoTW is never connected here (its form is only shown): a local port nothing answers on, so nothing leaves the machine. */
const NOWHERE = 'http://127.0.0.1:9';

const today = () => new Date().toISOString().slice(0, 10);
/** A QSO a few minutes ago (today, so every service's window holds it). */
const qsoAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 17) + '00Z';

describe.skipIf(!canRun)('connected services and paper QSL cards in Chromium', () => {
  let qrz: FakeQrzLogbook;
  let clublog: FakeClubLog;
  let eqsl: FakeEqsl;
  // Before the journey's own beforeAll, which starts the server pointed at them.
  beforeAll(async () => {
    [qrz, clublog, eqsl] = await Promise.all([startFakeQrzLogbook({ logbooks: { [QRZ_KEY]: [] } }), startFakeClubLog({ apiKeys: [CLUBLOG_KEY] }), startFakeEqsl()]);
  });
  const journey = startJourney(
    () => ({ QRZ_LOGBOOK_URL: qrz.url, CLUBLOG_URL: clublog.baseUrl, CLUBLOG_API_KEY: CLUBLOG_KEY, EQSL_URL: eqsl.baseUrl, LOTW_URL: NOWHERE }),
    { confirmationSyncAfterMs: 200, qrzCallGapMs: 0 },
  );
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await Promise.all([qrz?.close(), clublog?.close(), eqsl?.close()]);
  });

  /** A page signed in as `station`, and the toasts and confirmations it has shown (each confirmation answered OK). */
  async function signedInPage(station: Station, options: { viewport: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = { viewport: DESKTOP }): Promise<{ page: Page; seen: string[] }> {
    const context = await journey.browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    const seen = await answerDialogs(page);
    await signIn(page, journey.server.url, station);
    return { page, seen };
  }

  /** A service's card in Settings' Connected services. */
  const card = (page: Page, name: string) => page.getByRole('region', { name: 'Connected services' }).getByRole('region', { name });
  /** A figure of a card ('Uploaded', 'Confirmed', 'Waiting', 'Refused') once it reads `value` (the card is asked again while a sync waits or runs). */
  const figureReads = (where: Locator, label: string, value: string) =>
    expect.poll(() => where.locator('.figure-tile').filter({ has: where.page().locator('dt', { hasText: label }) }).locator('dd').textContent(), { timeout: SYNC_MS }).toBe(value);

  /** The service as the API answers it, once `done` holds (a sync waits and runs in the background). */
  async function serviceOnceDone(station: Station, service: SyncedService, done: (s: ServiceState) => boolean): Promise<ServiceState> {
    const deadline = Date.now() + SYNC_MS;
    for (;;) {
      const { services } = await apiPost<ServicesAnswer>(journey.server.url, '/vservices', {}, station.token);
      const state = services.find((s) => s.service === service)!;
      if (done(state) || Date.now() > deadline) return state;
      await new Promise((r) => setTimeout(r, 200));
    }
  }


  it('connects QRZ Logbook in Settings, uploads a QSO with Sync now, and brings its confirmation to the QSO page', async () => {
    const base = journey.server.url;
    const station = await registerStation(base, 'Q');
    const { page } = await signedInPage(station);
    await page.goto(`${base}/profile`);
    const qrzCard = card(page, 'QRZ Logbook');
    await qrzCard.getByText('Not connected', { exact: true }).waitFor();

    // The form from the service's fields, by keyboard: the key, sent only by hand (no auto-sync).
    await qrzCard.getByRole('button', { name: 'Connect QRZ Logbook' }).click();
    const form = qrzCard.getByRole('form', { name: 'Connect QRZ Logbook' });
    await page.keyboard.type(QRZ_KEY); // the first field has the focus
    expect(await form.getByLabel('QRZ Logbook API key').inputValue()).toBe(QRZ_KEY);
    await form.getByLabel('Send new QSOs automatically').uncheck();
    await form.getByRole('button', { name: 'Connect QRZ Logbook' }).click();
    await qrzCard.getByRole('status').getByText('QRZ Logbook connected.').waitFor();
    await qrzCard.getByText('Not synced yet').waitFor();
    await qrzCard.getByText('New QSOs are sent when you press Sync now.').waitFor();

    const { qdo_id: id } = await logThroughApi(base, station, { Call: 'DL1ABC', Freq: 14074, Mode: 'FT8', TS: qsoAt(5) });
    await logbookWith(base, station, 1);
    // Nothing is asked while no sync runs: the page shows the new QSO waiting once read again.
    await page.reload();
    await figureReads(qrzCard, 'Waiting', '1');
    await qrzCard.getByRole('button', { name: 'Sync now' }).click();
    await figureReads(qrzCard, 'Uploaded', '1');
    await qrzCard.getByText('Synced just now').waitFor({ timeout: SYNC_MS });
    await qrzCard.getByText(/^Last sync: Sent 1 QSO; /).waitFor();
    expect(await qrzCard.getByRole('button', { name: 'Sync now' }).isEnabled()).toBe(true);
    const held = qrz.logbook(QRZ_KEY)!;
    expect(held.map((q) => q.fields.CALL)).toEqual(['DL1ABC']);

    // The other station confirms on QRZ; Sync now brings it back.
    qrz.confirm(QRZ_KEY, held[0]!.logid, today());
    await qrzCard.getByRole('button', { name: 'Sync now' }).click();
    await figureReads(qrzCard, 'Confirmed', '1');
    await qrzCard.getByText(/1 QSO newly confirmed/).waitFor();

    await page.goto(`${base}/qso/${id}`);
    const confirmations = page.getByRole('region', { name: 'Confirmations' });
    const badge = confirmations.getByRole('row', { name: /QRZ Logbook/ }).getByText('Confirmed', { exact: true });
    await badge.waitFor();
    expect(await badge.getAttribute('class')).toBe('badge badge-success');
  }, 120_000);

  it("a wrong key stops the sync with QRZ's reason, and Sync now is refused until it is connected again", async () => {
    const base = journey.server.url;
    const station = await registerStation(base, 'W');
    const { page } = await signedInPage(station);
    await page.goto(`${base}/profile`);
    const qrzCard = card(page, 'QRZ Logbook');
    await qrzCard.getByRole('button', { name: 'Connect QRZ Logbook' }).click();
    const form = qrzCard.getByRole('form', { name: 'Connect QRZ Logbook' });
    await form.getByLabel('QRZ Logbook API key').fill('not-a-key');
    expect(await form.getByLabel('Send new QSOs automatically').isChecked()).toBe(true);
    await form.getByLabel('QRZ Logbook API key').press('Enter');

    // Connecting syncs at once: QRZ refuses the key, and the card says so (polled until the sync is over).
    const stopped = qrzCard.getByText(/^Stopped: QRZ Logbook refused the logbook's API key .* Connect again to go on\.$/);
    await stopped.waitFor({ timeout: SYNC_MS });
    expect(await qrzCard.getByText('Stopped', { exact: true }).getAttribute('class')).toBe('badge badge-danger');
    await qrzCard.getByRole('button', { name: 'Sync now' }).click();
    const refusal = qrzCard.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^QRZ Logbook refused the logbook's API key .* Connect QRZ Logbook again with the right details to sync\.$/);

    // Change details: the key is stored (blank keeps it); the right one gets it going again.
    await qrzCard.getByRole('button', { name: 'Change details' }).click();
    const key = qrzCard.getByLabel('QRZ Logbook API key');
    expect(await key.getAttribute('placeholder')).toBe('Stored — leave blank to keep');
    await key.fill(QRZ_KEY);
    await qrzCard.getByRole('button', { name: 'Save details' }).click();
    await qrzCard.getByText('Synced just now').waitFor({ timeout: SYNC_MS });
  }, 120_000);

  it('queues two QSOs’ paper cards from the logbook, sends them from the QSL queue, and the QSO page says so', async () => {
    const base = journey.server.url;
    const station = await registerStation(base, 'P');
    const ids: string[] = [];
    for (const [i, call] of ['G4AAA', 'JA1BBB', 'VK2CCC'].entries()) ids.push((await logThroughApi(base, station, { Call: call, Freq: 7074, Mode: 'FT8', TS: qsoAt(30 - i) })).qdo_id);
    await logbookWith(base, station, 3);
    const { page, seen } = await signedInPage(station);
    await page.goto(`${base}/logs`);
    await page.getByText('Page 1 of 1 (3 Qs)').first().waitFor();

    await page.getByRole('checkbox', { name: /^Select G4AAA at/ }).check();
    await page.getByRole('checkbox', { name: /^Select JA1BBB at/ }).check();
    const cards = page.getByRole('region', { name: 'Paper QSL cards' });
    await cards.getByText('2 of 3 selected').waitFor();
    await cards.getByRole('button', { name: 'Queue card' }).click();
    await expect.poll(() => seen).toContain('2 cards queued to send.');

    await page.getByRole('navigation', { name: 'Logbook views' }).getByRole('link', { name: 'QSL queue' }).click();
    await page.waitForURL(`${base}/logs?queue=paper`);
    await page.getByText('Page 1 of 1 (2 Qs)').first().waitFor();
    expect((await page.getByRole('region', { name: 'Logbook table' }).locator('td.call').allTextContents()).sort()).toEqual(['G4AAA', 'JA1BBB']);
    await page.getByRole('checkbox', { name: 'Select this page' }).check();
    await cards.getByLabel('Via').selectOption({ label: 'Bureau' });
    await cards.getByRole('button', { name: 'Mark card sent' }).click();
    await page.getByText('No QSL cards are waiting to be sent.').waitFor();
    await expect.poll(() => seen).toContain('2 cards marked sent.');

    await page.goto(`${base}/qso/${ids[0]}`);
    const confirmations = page.getByRole('region', { name: 'Confirmations' });
    expect(await confirmations.getByRole('row', { name: /Paper card/ }).textContent()).toBe(`Paper cardSent ${today()}`);
    expect(await confirmations.getByRole('row', { name: /QSL card sent via/ }).textContent()).toBe('QSL card sent viaBureau');
  }, 120_000);

  it('the services and the logbook’s paper cards at 1280 and 375 px, light and dark', async () => {
    const base = journey.server.url;
    const station = await registerStation(base, 'S');
    // QRZ stopped (a wrong key), Club Log with a refused QSO, eQSL failing (down), LoTW not connected.
    await apiPost(base, '/vservices/connect', { service: 'qrz', api_key: 'not-a-key' }, station.token);
    clublog.addAccount({ email: 'op@example.com', password: 'app-pass', callsign: station.callsign });
    await apiPost(base, '/vservices/connect', { service: 'clublog', email: 'op@example.com', password: 'app-pass' }, station.token);
    await serviceOnceDone(station, 'clublog', (s) => s.status === 'idle' && s.last_sync_at !== null);
    clublog.misbehave({ status: 400, body: 'Rejected: the QSO date is outside the log' });
    const { qdo_id: refusedId } = await logThroughApi(base, station, { Call: 'ZL1ABC', Freq: 21074, Mode: 'FT8', TS: qsoAt(40) });
    await serviceOnceDone(station, 'clublog', (s) => s.counts.rejected === 1 && s.status === 'error');
    clublog.misbehave(null);
    await apiPost(base, '/vservices/sync', { service: 'clublog' }, station.token);
    await serviceOnceDone(station, 'clublog', (s) => s.status === 'idle');
    eqsl.misbehave({ status: 503 });
    await apiPost(base, '/vservices/connect', { service: 'eqsl', user: 'OP', password: 'eqsl-pass' }, station.token);
    await serviceOnceDone(station, 'eqsl', (s) => s.status === 'error');
    for (const [i, call] of ['G4AAA', 'JA1BBB'].entries()) await logThroughApi(base, station, { Call: call, Freq: 7074, Mode: 'FT8', TS: qsoAt(20 - i) });
    await logbookWith(base, station, 3);
    await apiPost(base, '/vqso/qslcards', { qdo_ids: [refusedId], sent: 'Q' }, station.token);

    for (const [viewport, width] of [[DESKTOP, 1280], [PHONE, 375]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const at = `${width}-${scheme}`;
        const { page } = await signedInPage(station, { viewport, colorScheme: scheme });
        await page.goto(`${base}/profile`);
        await card(page, 'QRZ Logbook').getByText(/^Stopped: /).waitFor({ timeout: SYNC_MS });
        await card(page, 'eQSL').getByText(/^Error: /).waitFor({ timeout: SYNC_MS });
        const clublogCard = card(page, 'Club Log');
        expect(await clublogCard.getByRole('link', { name: /^ZL1ABC at / }).getAttribute('href')).toBe(`/qso/${refusedId}`);
        await clublogCard.getByText(/outside the log/).waitFor();
        await checkScreen(page, `services-${at}`);

        // The connect form, with the certificate's file field and the help texts.
        await card(page, 'LoTW').getByRole('button', { name: 'Connect LoTW' }).click();
        await card(page, 'LoTW').getByRole('form', { name: 'Connect LoTW' }).getByRole('button', { name: 'Connect LoTW' }).click();
        await card(page, 'LoTW').getByText('LoTW user name is needed to connect LoTW.').waitFor();
        await checkScreen(page, `services-connect-form-${at}`);

        await page.goto(`${base}/logs`);
        await page.getByText('Page 1 of 1 (3 Qs)').first().waitFor();
        await page.getByRole('checkbox', { name: /^Select G4AAA at/ }).check();
        await page.getByRole('checkbox', { name: /^Select JA1BBB at/ }).check();
        await page.getByText('2 of 3 selected').waitFor();
        await checkScreen(page, `logbook-selected-${at}`);

        await page.getByRole('link', { name: 'QSL queue' }).click();
        await page.getByText('Page 1 of 1 (1 Qs)').first().waitFor();
        await checkScreen(page, `qsl-queue-${at}`);
        await page.context().close();
      }
    }
  }, 240_000);
});
