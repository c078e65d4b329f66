// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DownloadsAnswer } from '@hamlog/domain/downloads/releases-feed';
import { UPGRADE_PATH } from '@/config/app';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { DownloadRoute } from './download';

const INSTALLERS = ['Desktop app v2 for Windows', 'Desktop app v2 for Linux', 'Desktop app v2 for Mac'];
const URLS = ['https://example.com/2.4.1.exe', 'https://example.com/2.4.1.AppImage', 'https://example.com/2.4.1.dmg'];

/** The server's answer for a reader with `access` (links only when allowed, as the server does). */
function answer(access: DownloadsAnswer['access'], patch: Partial<DownloadsAnswer> = {}): DownloadsAnswer {
  const allowed = access === 'allowed';
  return {
    app_version: 2,
    access,
    version: '2.4.1',
    published_at: '2026-08-01T00:00:00.000Z',
    installers: (['Windows', 'Linux', 'Mac'] as const).map((platform, i) => ({
      platform,
      file_name: URLS[i]!.split('/').pop()!,
      size: 81_000_000,
      url: allowed ? URLS[i]! : null,
    })),
    other_versions: [{ version: '1.9.0', published_at: '2025-01-01T00:00:00.000Z', url: allowed ? 'https://github.com/hamlog/desktop/releases/tag/v1.9.0' : null }],
    source: 'feed',
    fetched_at: '2026-11-23T10:00:00.000Z',
    ...patch,
  };
}

describe('/download', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  async function buttonFor(installer: string) {
    const item = (await screen.findByText(installer)).closest('li') as HTMLElement;
    return within(item).getByRole('link');
  }

  it("visitors see 'LOGIN required' on every installer, leading to login and back", async () => {
    const api = fakeApi({ 'GET /vdownloads': { body: answer('login') } });
    renderApp(<DownloadRoute />, '/download');
    expect(screen.getByRole('heading', { level: 1, name: 'Downloads' })).toBeTruthy();
    for (const installer of INSTALLERS) {
      expect((await buttonFor(installer)).textContent).toBe('LOGIN required');
      expect((await buttonFor(installer)).getAttribute('href')).toBe('/login?redirect=%2Fdownload');
    }
    expect(screen.getByText(/Release 2\.4\.1, published 2026-08-01/)).toBeTruthy();
    expect(screen.getByText('Earlier versions of the desktop app are available to subscribers.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mobile app' })).toBeTruthy();
    expect(api.callsTo('GET', '/vdownloads')).toHaveLength(1);
  });

  it("signed-in non-subscribers see 'UPGRADE required'", async () => {
    signIn();
    fakeApi({ 'GET /vdownloads': { body: answer('upgrade') } });
    renderApp(<DownloadRoute />, '/download');
    for (const installer of INSTALLERS) {
      expect((await buttonFor(installer)).textContent).toBe('UPGRADE required');
      expect((await buttonFor(installer)).getAttribute('href')).toBe(UPGRADE_PATH);
    }
  });

  it('subscribers download the installers the feed lists, and see the other versions', async () => {
    signIn({ subscribed: true }, { level: 'gold', expiryDate: null });
    fakeApi({ 'GET /vdownloads': { body: answer('allowed') } });
    renderApp(<DownloadRoute />, '/download');
    for (const [i, installer] of INSTALLERS.entries()) {
      expect((await buttonFor(installer)).textContent).toBe(`Download ${installer}`);
      expect((await buttonFor(installer)).getAttribute('href')).toBe(URLS[i]);
    }
    expect(screen.getByRole('link', { name: 'Version 1.9.0' }).getAttribute('href')).toBe('https://github.com/hamlog/desktop/releases/tag/v1.9.0');
    expect(screen.getByText('(2.4.1.exe, 81.0 MB)')).toBeTruthy();
  });

  it('says when the list is the kept copy or the built-in fallback', async () => {
    fakeApi({ 'GET /vdownloads': { body: answer('login', { source: 'cache', fetched_at: '2026-11-20T08:00:00.000Z' }) } });
    renderApp(<DownloadRoute />, '/download');
    expect(await screen.findByText(/could not be refreshed just now: this is the list of 2026-11-20/)).toBeTruthy();
    resetApp();
    fakeApi({ 'GET /vdownloads': { body: answer('login', { source: 'fallback', fetched_at: null, version: '2', published_at: null }) } });
    renderApp(<DownloadRoute />, '/download');
    expect(await screen.findByText('The release list is not available just now.')).toBeTruthy();
    resetApp();
    signIn({ subscribed: true }, { level: 'gold', expiryDate: null });
    fakeApi({ 'GET /vdownloads': { body: answer('allowed', { source: 'fallback', fetched_at: null, version: '2', published_at: null }) } });
    renderApp(<DownloadRoute />, '/download');
    expect(await screen.findByText(/buttons open the desktop app's release page/)).toBeTruthy();
    expect(screen.queryByText(/Release 2/)).toBeNull();
  });

  it('offers a retry when the call fails', async () => {
    fakeApi({ 'GET /vdownloads': { status: 500, body: { message: 'boom' } } });
    renderApp(<DownloadRoute />, '/download');
    expect((await screen.findByRole('alert')).textContent).toMatch(/installers could not be loaded/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
