// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DONATION_AMOUNT_INVALID, PAYMENT_VALIDATED, PAYMENT_VALIDATION_FAILED, PAYMENTS_NOT_CONFIGURED } from '@hamlog/domain/messages';
import { checkoutNavigation } from '@/features/payments/api/payments';
import { PaymentCheck } from '@/features/payments/components/payment-check';
import { getSession } from '@/lib/session';
import { fakeApi, renderApp, resetApp, signIn, testUser, typeInto } from '@/testing/app-test-kit';
import { StartTrialRoute, UpgradeCheckRoute } from './payment-check';
import { SupportUsRoute } from './support-us';

const ON = { body: { enabled: true, trial_days: 14, trial_available: true } };
const OFF = { body: { enabled: false, trial_days: 0, trial_available: true } };
const NOBODY = { body: { supporters: [] } };

/** Where the page sent the browser (to Stripe's checkout), recorded. */
function recordRedirects() {
  const assigned: string[] = [];
  vi.spyOn(checkoutNavigation, 'go').mockImplementation((url: string) => void assigned.push(url));
  return assigned;
}

describe('/support-us: upgrade, donations and supporters', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('without Stripe keys says payments are not configured, for the upgrade and the donation', async () => {
    fakeApi({ 'GET /stripe/config': OFF, 'GET /vsupporters': NOBODY });
    signIn();
    renderApp(<SupportUsRoute />, '/support-us');
    await waitFor(() => expect(screen.getAllByText(PAYMENTS_NOT_CONFIGURED)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /Upgrade now|Donate/ })).toBeNull();
  });

  it('a signed-in non-subscriber starts the free trial or the subscription on Stripe', async () => {
    const api = fakeApi({
      'GET /stripe/config': ON,
      'GET /vsupporters': NOBODY,
      'POST /stripe/checkout': { body: { url: 'https://checkout.stripe.test/c/pay/cs_1', session_id: 'cs_1' } },
    });
    const assigned = recordRedirects();
    signIn();
    renderApp(<SupportUsRoute />, '/support-us');
    fireEvent.click(await screen.findByRole('button', { name: 'Start free trial (14 days)' }));
    await waitFor(() => expect(assigned).toEqual(['https://checkout.stripe.test/c/pay/cs_1']));
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(api.callsTo('POST', '/stripe/checkout').map((c) => c.body)).toEqual([{ kind: 'trial' }, { kind: 'subscription' }]));
  });

  it('an account that had its free trial is offered the subscription only', async () => {
    fakeApi({ 'GET /stripe/config': { body: { ...ON.body, trial_available: false } }, 'GET /vsupporters': NOBODY });
    signIn();
    renderApp(<SupportUsRoute />, '/support-us');
    expect(await screen.findByText('This account has had its free trial.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start free trial/ })).toBeNull();
  });

  it('a subscriber sees their subscription instead of the buttons', async () => {
    fakeApi({ 'GET /stripe/config': ON, 'GET /vsupporters': NOBODY });
    signIn({}, { level: 'premium', expiryDate: '2099-01-31T00:00:00Z' });
    renderApp(<SupportUsRoute />, '/support-us');
    expect(await screen.findByText(/Your premium subscription is active until 2099-01-31/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade now' })).toBeNull();
  });

  it('checks the amount before asking the server, then sends the donor to Stripe', async () => {
    const api = fakeApi({
      'GET /stripe/config': ON,
      'GET /vsupporters': NOBODY,
      'POST /stripe/donate': { body: { url: 'https://checkout.stripe.test/c/pay/cs_2', session_id: 'cs_2' } },
    });
    const assigned = recordRedirects();
    signIn();
    renderApp(<SupportUsRoute />, '/support-us');
    await screen.findByRole('button', { name: 'Donate' });
    typeInto('Amount (GBP)', '0.5');
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText(DONATION_AMOUNT_INVALID)).toBeTruthy();
    expect(api.callsTo('POST', '/stripe/donate')).toHaveLength(0);
    typeInto('Amount (GBP)', '12.50');
    fireEvent.click(screen.getByLabelText(/supporters list/));
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(assigned).toEqual(['https://checkout.stripe.test/c/pay/cs_2']));
    expect(api.callsTo('POST', '/stripe/donate')[0]?.body).toEqual({ amount: '12.50', listed: false });
  });

  it('lists supporters by callsign and name, as text', async () => {
    fakeApi({ 'GET /stripe/config': ON, 'GET /vsupporters': { body: { supporters: [{ my_callsign: 'W1AW', name: '<b>Hiram</b>' }] } } });
    renderApp(<SupportUsRoute />, '/support-us');
    expect(await screen.findByText('W1AW')).toBeTruthy();
    expect(screen.getByText('<b>Hiram</b>', { exact: false })).toBeTruthy();
    expect(document.querySelector('.supporters-list b')).toBeNull();
  });
});

describe('the upgrade check and the free-trial page', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('asks until the subscription is in force, then stores the answered user and subscription', async () => {
    let asked = 0;
    const api = fakeApi({
      'POST /stripe/verify-session/cs_ok': () => {
        asked += 1;
        return asked < 3
          ? { status: 202, body: { status: 'pending' } }
          : { body: { token: 'tok-1', user: testUser({ subscribed: true }), subscription: { level: 'premium', expiryDate: '2099-01-31T00:00:00Z' } } };
      },
    });
    signIn();
    renderApp(<PaymentCheck sessionId="cs_ok" pollMs={10} />, '/stripe/upgrade/check?session_id=cs_ok');
    expect(await screen.findByText(PAYMENT_VALIDATED, { exact: false })).toBeTruthy();
    expect(api.callsTo('POST', '/stripe/verify-session/cs_ok')).toHaveLength(3);
    expect(getSession()?.subscription).toEqual({ level: 'premium', expiryDate: '2099-01-31T00:00:00Z' });
  });

  it('reads the session id from ?session_id= and from the free-trial path', async () => {
    const api = fakeApi({ 'POST /stripe/verify-session/cs_q': { status: 404, body: { message: 'no' } }, 'POST /stripe/verify-session/cs_t': { status: 404, body: { message: 'no' } } });
    signIn();
    renderApp([{ path: 'stripe/upgrade/check', element: <UpgradeCheckRoute /> }], '/stripe/upgrade/check?session_id=cs_q');
    expect(await screen.findByText(PAYMENT_VALIDATION_FAILED)).toBeTruthy();
    resetApp();
    const trial = fakeApi({ 'POST /stripe/verify-session/cs_t': { status: 404, body: { message: 'no' } } });
    signIn();
    renderApp([{ path: 'stripe/start-trial/:checkout_session_id', element: <StartTrialRoute /> }], '/stripe/start-trial/cs_t');
    expect(await screen.findByText(PAYMENT_VALIDATION_FAILED)).toBeTruthy();
    expect(api.callsTo('POST', '/stripe/verify-session/cs_q')).toHaveLength(1);
    expect(trial.callsTo('POST', '/stripe/verify-session/cs_t')).toHaveLength(1);
  });

  it('after 50 pending answers shows the failure with a retry button that asks again', async () => {
    const api = fakeApi({ 'POST /stripe/verify-session/cs_slow': { status: 202, body: { status: 'pending' } } });
    signIn();
    renderApp(<PaymentCheck sessionId="cs_slow" pollMs={1} />, '/stripe/upgrade/check?session_id=cs_slow');
    expect(await screen.findByText(PAYMENT_VALIDATION_FAILED, {}, { timeout: 4000 })).toBeTruthy();
    expect(api.callsTo('POST', '/stripe/verify-session/cs_slow')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('POST', '/stripe/verify-session/cs_slow').length).toBeGreaterThan(50));
  });
});
