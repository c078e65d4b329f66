// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdifImportAnswer, AdifImportStatus } from '@hamlog/domain/qso-import/api';
import { ADIF_IMPORT_FILE_REQUIRED, ADIF_IMPORT_NOT_ADIF_NAME, ADIF_IMPORT_NOT_TEXT, adifImportFailed, adifImportProgress, adifImportReport } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { AdifImportPanel } from './adif-import-panel';

function choose(name: string, text = '<CALL:4>W1AW<QSO_DATE:8>20240101<TIME_ON:4>1200<BAND:3>20m<MODE:2>CW<EOR>') {
  const input = screen.getByLabelText('ADIF file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name)] } });
}

const status = (over: Partial<AdifImportStatus>): AdifImportStatus => ({
  import_id: 'imp-1',
  status: 'running',
  file_name: 'big.adi',
  bytes_total: 1000,
  bytes_done: 250,
  records_done: 1200,
  imported: 1000,
  duplicates: 200,
  confirmed: 0,
  failed: 0,
  failures: [],
  started_at: '2026-11-23T10:00:00Z',
  finished_at: null,
  message: adifImportProgress(1200),
  ...over,
});

describe('ADIF import panel', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('uploads the file as adif_file with a progress bar, then reports imported, duplicates and failed records with line and reason', async () => {
    let release: (() => void) | undefined;
    const answer: AdifImportAnswer = {
      status: 'ok',
      done: true,
      message: adifImportReport(2, 1, 2),
      import_id: 'imp-0',
      imported: 2,
      duplicates: 1,
      failed: 2,
      failures: [
        { line: 7, message: 'This record has no CALL, so it was not imported.' },
        { line: 12, message: "QSO_DATE '20241301' is not a date like 20250131; the record was not imported." },
      ],
    };
    const api = fakeApi({ 'POST /vimportadif': () => new Promise((resolve) => (release = () => resolve({ body: answer }))) });
    signIn();
    renderApp(<AdifImportPanel />);
    choose('my log.adi');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    // The fake upload reports half of the body sent.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('50'));
    release?.();
    expect(await screen.findByText(adifImportReport(2, 1, 2))).toBeTruthy();
    const counts = screen.getByLabelText('Import report');
    expect(within(counts).getByText('Skipped as duplicates').nextElementSibling?.textContent).toBe('1');
    const failures = screen.getByRole('list', { name: 'Records not imported' });
    expect(within(failures).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Line 7: This record has no CALL, so it was not imported.',
      "Line 12: QSO_DATE '20241301' is not a date like 20250131; the record was not imported.",
    ]);
    expect(screen.getByRole('link', { name: 'Open your logbook' }).getAttribute('href')).toBe('/logs');
    expect(screen.queryByRole('progressbar')).toBeNull();
    const call = api.callsTo('POST', '/vimportadif')[0];
    expect(((call?.body as FormData).get('adif_file') as File).name).toBe('my log.adi');
    expect(call?.headers.Authorization).toBe('Bearer tok-1');
  });

  it("follows a big file's background import to its report", async () => {
    let polls = 0;
    fakeApi({
      'POST /vimportadif': { status: 202, body: { status: 'ok', done: false, message: 'Importing…', import_id: 'imp-1', bytes_total: 1000, bytes_done: 0 } },
      'GET /vimportadif/imp-1': () => {
        polls += 1;
        return { body: polls === 1 ? status({}) : status({ status: 'done', bytes_done: 1000, records_done: 3000, imported: 2800, duplicates: 200, message: adifImportReport(2800, 200, 0) }) };
      },
    });
    signIn();
    renderApp(<AdifImportPanel />);
    choose('big.adif');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('value')).toBe('25'));
    expect(screen.getByText(adifImportProgress(1200))).toBeTruthy();
    expect(await screen.findByText(adifImportReport(2800, 200, 0), {}, { timeout: 3_000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);
  });

  it("says 'Error importing ADIF file: ...' with the server's reason, or the client's own before sending", async () => {
    const api = fakeApi({ 'POST /vimportadif': { status: 422, body: { status: 'error', message: ADIF_IMPORT_NOT_TEXT } } });
    signIn();
    renderApp(<AdifImportPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe(adifImportFailed(ADIF_IMPORT_FILE_REQUIRED));
    choose('log.txt');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe(adifImportFailed(ADIF_IMPORT_NOT_ADIF_NAME));
    expect(api.callsTo('POST', '/vimportadif')).toHaveLength(0);
    choose('log.adi', 'PK\u0003\u0004');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe(adifImportFailed(ADIF_IMPORT_NOT_TEXT));
  });
});
