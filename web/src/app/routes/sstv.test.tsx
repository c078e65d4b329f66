// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SstvArchiveImage } from '@hamlog/domain/sstv/api';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { routes } from '../router';

function image(n: number): SstvArchiveImage {
  return { file_name: `${'a'.repeat(63)}${n}.png`, qdo_id: `q-${n}`, station_callsign: 'W1AW', call: `DL${n}ABC`, qso_at: `2025-06-0${n}T18:30:00Z`, band: '20m', mode: 'SSTV' };
}

describe('/sstv: the SSTV archive', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows the newest images with a link to each QSO, and pages to older ones by the cursor it was given', async () => {
    const api = fakeApi({
      'POST /log-page-view': { status: 204 },
      'GET /vsstv': (call) => {
        const before = new URLSearchParams(call.path.split('?')[1]).get('before');
        return before === null ? { body: { images: [image(3), image(2)], next: '42' } } : { body: { images: [image(1)], next: null } };
      },
    });
    renderApp(routes, '/sstv');
    expect(await screen.findByRole('heading', { level: 1, name: 'SSTV archive' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'SSTV images' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'View QSO of W1AW with DL3ABC at 2025-06-03 18:30 UTC' }).getAttribute('href')).toBe('/qso/q-3');
    expect(within(list).getByRole('link', { name: 'DL2ABC' }).getAttribute('href')).toBe('/DL2ABC');
    expect(api.callsTo('GET', '/vsstv')[0]!.path).toBe('/vsstv?size=24');
    // The header links here (core spec: Shell), marked as the page shown.
    const headerLink = within(document.querySelector('header.site-header') as HTMLElement).getByRole('link', { name: 'SSTV' });
    expect(headerLink.getAttribute('href')).toBe('/sstv');
    expect(headerLink.getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Older images' }));
    expect(await within(list).findByRole('link', { name: /View QSO of W1AW with DL1ABC/ })).toBeTruthy();
    expect(api.callsTo('GET', '/vsstv')[1]!.path).toBe('/vsstv?size=24&before=42');
    expect(screen.getByText('That is every SSTV image.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older images' })).toBeNull();
  });

  it('opens an image in the lightbox, which steps through the loaded images and closes with Escape', async () => {
    fakeApi({ 'POST /log-page-view': { status: 204 }, 'GET /vsstv': { body: { images: [image(3), image(2)], next: null } } });
    renderApp(routes, '/sstv');
    fireEvent.click(await screen.findByRole('button', { name: 'Open the SSTV image from the QSO of W1AW with DL2ABC, 2025-06-02 18:30 UTC' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(`/media/${image(2).file_name}`);
    expect(within(dialog).getByText('(2 of 2)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('alt')).toBe('SSTV image from the QSO of W1AW with DL3ABC, 2025-06-03 18:30 UTC');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when there are no images yet, and when the archive cannot be loaded', async () => {
    fakeApi({ 'POST /log-page-view': { status: 204 }, 'GET /vsstv': { body: { images: [], next: null } } });
    renderApp(routes, '/sstv');
    expect(await screen.findByText('No SSTV images yet. Images attached to QSOs appear here.')).toBeTruthy();
    resetApp();
    fakeApi({ 'POST /log-page-view': { status: 204 }, 'GET /vsstv': { status: 500, body: { message: 'down' } } });
    renderApp(routes, '/sstv');
    expect((await screen.findByRole('alert')).textContent).toBe('The SSTV archive could not be loaded. Please try again.');
  });
});
