/**
 * The upgrade journey in Chromium (issue 12): a signed-in non-subscriber clicks UPGRADE FREE and
 * Upgrade now, lands on (a stand-in for) Stripe's checkout, the customer pays (the test plays
 * Stripe: it completes the session in the local fake, posts the signed webhook and sends the
 * browser to the success address, as Stripe does), the check page shows success, and the verified
 * badge replaces UPGRADE FREE while the download buttons no longer say 'UPGRADE required'.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_VALIDATED } from '@hamlog/domain/messages';
import { startFakeStripe, type FakeStripe } from '@hamlog/infra/testing/fake-stripe';
import { userIdOf } from '../src/accounts-journey';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { registerStation, signIn } from '../src/logger-journey';

const canRun = browserAvailable();
const SECRET_KEY = 'sk_test_e2e_upgrade';
const WEBHOOK_SECRET = 'whsec_e2e_upgrade';

describe.skipIf(!canRun)('Upgrade in Chromium: checkout, the signed webhook, the check page, the verified badge', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY });
  });
  afterAll(async () => {
    await fake?.close();
  });
  const journey = startJourney(() => ({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PRICE_ID: 'price_e2e_premium',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  }));

  it('a non-subscriber upgrades and gets the verified badge and the downloads', async () => {
    const station = await registerStation(journey.server.url, 'U');
    const context = await journey.browser.newContext();
    // Stripe's hosted page, stood in for: the browser must get there, nothing more.
    await context.route('https://checkout.stripe.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Checkout</title><h1>Fake Stripe Checkout</h1>' }));
    const page = await context.newPage();
    await signIn(page, journey.server.url, station);

    await page.goto(`${journey.server.url}/download`);
    await page.getByText('UPGRADE required').first().waitFor();
    await page.getByText('available to subscribers').waitFor();
    await page.getByRole('link', { name: 'UPGRADE FREE' }).click();
    await page.getByRole('button', { name: 'Upgrade now' }).click();
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();

    // Stripe's part: the customer paid; the webhook arrives signed; the browser goes to the success address.
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session.client_reference_id).toBe(await userIdOf(journey.server.url, station));
    const completed = fake.complete(session.id);
    const payload = fake.event('checkout.session.completed', completed);
    const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const hook = await fetch(`${journey.server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    expect(hook.status).toBe(200);
    const successUrl = String(completed.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
    expect(successUrl).toBe(`${journey.server.url}/stripe/upgrade/check?session_id=${session.id}`);
    await page.goto(successUrl);

    await page.getByText(PAYMENT_VALIDATED).waitFor({ timeout: 15_000 });
    await page.locator('.badge-verified').first().waitFor();
    await expect(page.getByRole('link', { name: 'UPGRADE FREE' }).count()).resolves.toBe(0);

    await page.goto(`${journey.server.url}/download`);
    await page.locator('.badge-verified').first().waitFor();
    await page.getByRole('heading', { name: 'Other versions' }).waitFor();
    await expect(page.getByText('UPGRADE required').count()).resolves.toBe(0);
    await expect(page.getByText('available to subscribers').count()).resolves.toBe(0);
    await context.close();
  }, 90_000);
});
