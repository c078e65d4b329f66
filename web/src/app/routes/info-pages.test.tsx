// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP_RELEASES_URL, UPGRADE_PATH } from '@/config/app';
import { renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { DownloadRoute } from './download';
import { ImportExportRoute } from './import-export';
import { ContactRoute, DocsRoute, PrivacyRoute, TermsRoute } from './static-pages';
import { SupportUsRoute } from './support-us';

const INSTALLERS = ['Desktop app v2 for Windows', 'Desktop app v2 for Linux', 'Desktop app v2 for Mac'];

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

describe('downloads', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  function buttonFor(installer: string) {
    const item = screen.getByText(installer).closest('li') as HTMLElement;
    return within(item).getByRole('link');
  }

  it("visitors see 'LOGIN required' on every installer, leading to login and back", () => {
    renderApp(<DownloadRoute />, '/download');
    expect(screen.getByRole('heading', { level: 1, name: 'Downloads' })).toBeTruthy();
    for (const installer of INSTALLERS) {
      expect(buttonFor(installer).textContent).toBe('LOGIN required');
      expect(buttonFor(installer).getAttribute('href')).toBe('/login?redirect=%2Fdownload');
    }
    expect(screen.getByRole('heading', { name: 'Other versions' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mobile app' })).toBeTruthy();
  });

  it("signed-in non-subscribers see 'UPGRADE required'", () => {
    signIn();
    renderApp(<DownloadRoute />, '/download');
    for (const installer of INSTALLERS) {
      expect(buttonFor(installer).textContent).toBe('UPGRADE required');
      expect(buttonFor(installer).getAttribute('href')).toBe(UPGRADE_PATH);
    }
  });

  it('subscribers can download, from the placeholder release page the page owns up to', () => {
    signIn({ subscribed: true }, { level: 'gold', expiryDate: null });
    renderApp(<DownloadRoute />, '/download');
    for (const installer of INSTALLERS) {
      expect(buttonFor(installer).textContent).toBe(`Download ${installer}`);
      expect(buttonFor(installer).getAttribute('href')).toBe(DESKTOP_RELEASES_URL);
    }
    expect(screen.getByText(/installer files are not hosted on this site yet/)).toBeTruthy();
  });
});

describe('support us and import/export', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('says donations open soon, with no banner on the main page', () => {
    renderApp(<SupportUsRoute />, '/support-us');
    expect(screen.getByRole('heading', { level: 1, name: 'Support us' })).toBeTruthy();
    expect(screen.getByText(/Donations open soon/)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('thanks and cancel show their banners', () => {
    renderApp(<SupportUsRoute />, '/support-us/thanks');
    expect(screen.getByRole('status').textContent).toMatch(/Thank you for supporting/);
    resetApp();
    renderApp(<SupportUsRoute />, '/support-us/cancel');
    expect(screen.getByRole('alert').textContent).toMatch(/did not go through/);
  });

  it('import/export shows the QRZ import, the ADIF import and the export', () => {
    renderApp(<ImportExportRoute />, '/import-export');
    expect(screen.getByRole('heading', { level: 1, name: 'Import and export' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Import from QRZ', expect.stringMatching(/ADIF/), 'Export']);
  });
});
