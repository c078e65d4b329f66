// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_SUPPORTERS_YET } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { ImportExportRoute } from './import-export';
import { ContactRoute, DocsRoute, PrivacyRoute, TermsRoute } from './static-pages';
import { SupportUsRoute } from './support-us';

describe('static pages', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('privacy states the under-16 exclusion, the 72-hour breach notice and the one-month response', () => {
    renderApp(<PrivacyRoute />, '/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText(/not meant for children under 16/)).toBeTruthy();
    expect(screen.getByText(/within 72 hours/)).toBeTruthy();
    expect(screen.getByText(/within one month/)).toBeTruthy();
  });

  it('terms and contact have their headings; contact links to the help article', () => {
    renderApp(<TermsRoute />, '/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeTruthy();
    resetApp();
    renderApp(<ContactRoute />, '/contact');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read Help and Support' }).getAttribute('href')).toBe('/post/74/Help-and-Support');
  });

  it('docs shows a signed-in reader their level and expiry', () => {
    signIn({}, { level: 'gold', expiryDate: '2030-01-31T00:00:00Z' });
    renderApp(<DocsRoute />, '/docs');
    expect(screen.getByRole('heading', { level: 1, name: 'Documentation' })).toBeTruthy();
    expect(screen.getByText('gold')).toBeTruthy();
    expect(screen.getByText('2030-01-31')).toBeTruthy();
  });
});

describe('support us and import/export', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('has the upgrade, donation and supporters parts, with no outcome banner on the main page (payments: payments.test.tsx)', async () => {
    fakeApi({ 'GET /stripe/config': { body: { enabled: true, trial_days: 14, trial_available: true } }, 'GET /vsupporters': { body: { supporters: [] } } });
    renderApp(<SupportUsRoute />, '/support-us');
    expect(screen.getByRole('heading', { level: 1, name: 'Support us' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Upgrade', 'Donate', 'Supporters']);
    expect(await screen.findByText(NO_SUPPORTERS_YET)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('thanks and cancel show their banners', async () => {
    const payments = { 'GET /stripe/config': { body: { enabled: true, trial_days: 14, trial_available: true } }, 'GET /vsupporters': { body: { supporters: [] } } };
    fakeApi(payments);
    renderApp(<SupportUsRoute />, '/support-us/thanks');
    await screen.findByText(NO_SUPPORTERS_YET);
    expect(screen.getByRole('status').textContent).toMatch(/Thank you for supporting/);
    resetApp();
    fakeApi(payments);
    renderApp(<SupportUsRoute />, '/support-us/cancel');
    await screen.findByText(NO_SUPPORTERS_YET);
    expect(screen.getByRole('alert').textContent).toMatch(/did not go through/);
  });

  it('import/export shows the QRZ import, the ADIF import and the export', () => {
    renderApp(<ImportExportRoute />, '/import-export');
    expect(screen.getByRole('heading', { level: 1, name: 'Import and export' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Import from QRZ', expect.stringMatching(/ADIF/), 'Export']);
  });
});
