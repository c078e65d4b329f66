// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QrzImportAnswer } from '@hamlog/domain/api-types';
import {
  IMPORT_FROM_QRZ,
  IMPORTING_FROM_QRZ,
  QRZ_KEY_MISSING,
  qrzImported,
  qrzImportError,
  qrzImportFailed,
  qrzKeyRejected,
} from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { QrzImportPanel } from './qrz-import-panel';

const done = (over: Partial<Extract<QrzImportAnswer, { status: 'ok' }>> = {}): QrzImportAnswer => ({
  status: 'ok',
  message: qrzImported(3, 1, 0),
  imported: 3,
  duplicates: 1,
  failed: [],
  from: '2026-11-09',
  to: '2026-11-23',
  ...over,
});

describe('QRZ import panel', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('posts /vimportqrz with no payload, is busy meanwhile, then says what was imported', async () => {
    let release: (() => void) | undefined;
    const api = fakeApi({
      'POST /vimportqrz': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: done() });
        }),
    });
    signIn();
    renderApp(<QrzImportPanel />);
    fireEvent.click(screen.getByRole('button', { name: IMPORT_FROM_QRZ }));
    expect(await screen.findByRole('button', { name: IMPORTING_FROM_QRZ })).toHaveProperty('disabled', true);
    release?.();
    expect(await screen.findByText(qrzImported(3, 1, 0))).toBeTruthy();
    expect(screen.getByRole('button', { name: IMPORT_FROM_QRZ })).toHaveProperty('disabled', false);
    const call = api.callsTo('POST', '/vimportqrz')[0];
    expect(call?.body ?? {}).toEqual({});
    expect(call?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('lists the QSOs that could not be read, with why', async () => {
    fakeApi({
      'POST /vimportqrz': {
        body: done({ message: qrzImported(1, 0, 1), imported: 1, duplicates: 0, failed: [{ record: 'DL1ABC 20261120 1830 (QRZ log id 17)', message: 'The band is missing.' }] }),
      },
    });
    signIn();
    renderApp(<QrzImportPanel />);
    fireEvent.click(screen.getByRole('button', { name: IMPORT_FROM_QRZ }));
    const list = await screen.findByRole('list', { name: 'QSOs not imported' });
    expect(within(list).getByText('DL1ABC 20261120 1830 (QRZ log id 17): The band is missing.')).toBeTruthy();
  });

  it("shows the server's refusal as 'ERROR. {error}', with a way to the profile when the key is missing", async () => {
    fakeApi({ 'POST /vimportqrz': { body: { status: 'error', error: QRZ_KEY_MISSING } } });
    signIn();
    renderApp(<QrzImportPanel />);
    fireEvent.click(screen.getByRole('button', { name: IMPORT_FROM_QRZ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(qrzImportError(QRZ_KEY_MISSING));
    expect(within(alert).getByRole('link', { name: 'Open your profile' }).getAttribute('href')).toBe('/profile');
  });

  it("names QRZ's reason when the key is rejected", async () => {
    fakeApi({ 'POST /vimportqrz': { body: { status: 'error', error: qrzKeyRejected('invalid api key') } } });
    signIn();
    renderApp(<QrzImportPanel />);
    fireEvent.click(screen.getByRole('button', { name: IMPORT_FROM_QRZ }));
    expect((await screen.findByRole('alert')).textContent).toBe(qrzImportError(qrzKeyRejected('invalid api key')));
    expect(screen.queryByRole('link', { name: 'Open your profile' })).toBeNull();
  });

  it("says 'Error importing from QRZ: {message}' when the call itself fails", async () => {
    fakeApi({ 'POST /vimportqrz': { status: 500, body: { message: 'Something went wrong on our side.' } } });
    signIn();
    renderApp(<QrzImportPanel />);
    fireEvent.click(screen.getByRole('button', { name: IMPORT_FROM_QRZ }));
    expect((await screen.findByRole('alert')).textContent).toBe(qrzImportFailed('Something went wrong on our side.'));
  });
});
