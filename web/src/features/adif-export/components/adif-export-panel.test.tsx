// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_JOBS_POLL_MS, type ExportJob } from '@hamlog/domain/adif-export/api';
import {
  EXPORT_DATES_REQUIRED,
  EXPORT_DATETIMES_REQUIRED,
  EXPORT_FILE_GONE,
  EXPORT_START_AFTER_END,
  EXPORT_START_AFTER_END_DATETIME,
  EXPORTS_EMPTY,
} from '@hamlog/domain/messages';
import { queryClient } from '@/lib/react-query';
import { fakeApi, renderApp, resetApp, signIn, typeInto } from '@/testing/app-test-kit';
import { exportJobsQueryOptions } from '../api/get-export-jobs';
import { AdifExportPanel } from './adif-export-panel';

const job = (patch: Partial<ExportJob> = {}): ExportJob => ({
  id: 'abc-1',
  created_at: '2024-01-01T10:00:00Z',
  start_date: '2024-01-01',
  end_date: '2024-01-31',
  status: 1,
  filename: 'W1AW_20240101_20240131.adi',
  qso_count: 1234,
  bytes: 300_000,
  ...patch,
});

const byDate = () => screen.getByRole('form', { name: 'Export by date' });
const byDateTime = () => screen.getByRole('form', { name: 'Export by date and time' });

describe('ADIF export panel', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it("says 'No export files to display' when there are none", async () => {
    fakeApi({ 'POST /vexportjobs': { body: { jobs: [] } } });
    signIn();
    renderApp(<AdifExportPanel />);
    await screen.findByText(EXPORTS_EMPTY);
  });

  it("shows the specification's messages in the page and sends nothing for a bad range", async () => {
    const api = fakeApi({ 'POST /vexportjobs': { body: { jobs: [] } } });
    signIn();
    renderApp(<AdifExportPanel />);
    await screen.findByText(EXPORTS_EMPTY);
    fireEvent.click(within(byDate()).getByRole('button', { name: 'Export' }));
    expect(within(byDate()).getByRole('alert').textContent).toBe(EXPORT_DATES_REQUIRED);
    typeInto('Start date', '2024-02-01');
    typeInto('End date', '2024-01-01');
    fireEvent.click(within(byDate()).getByRole('button', { name: 'Export' }));
    expect(within(byDate()).getByRole('alert').textContent).toBe(EXPORT_START_AFTER_END);

    fireEvent.click(within(byDateTime()).getByRole('button', { name: 'Export' }));
    expect(within(byDateTime()).getByRole('alert').textContent).toBe(EXPORT_DATETIMES_REQUIRED);
    typeInto('Start date and time', '2024-01-01T10:00');
    typeInto('End date and time', '2024-01-01T09:00');
    fireEvent.click(within(byDateTime()).getByRole('button', { name: 'Export' }));
    expect(within(byDateTime()).getByRole('alert').textContent).toBe(EXPORT_START_AFTER_END_DATETIME);
    expect(api.callsTo('POST', '/vexportadif')).toHaveLength(0);
  });

  it('asks for an export and lists the new job, highlighted, until it is done', async () => {
    let jobs: ExportJob[] = [];
    const api = fakeApi({
      'POST /vexportjobs': () => ({ body: { jobs } }),
      'POST /vexportadif': () => {
        jobs = [job({ status: null, created_at: new Date().toISOString().slice(0, 19) + 'Z', qso_count: null, bytes: null })];
        return { status: 201, body: { status: 'ok', job: jobs[0] } };
      },
    });
    signIn();
    renderApp(<AdifExportPanel />);
    await screen.findByText(EXPORTS_EMPTY);
    typeInto('Start date', '2024-01-01');
    typeInto('End date', '2024-01-31');
    fireEvent.click(within(byDate()).getByRole('button', { name: 'Export' }));
    await screen.findByText('Export started: W1AW_20240101_20240131.adi');
    const sent = api.callsTo('POST', '/vexportadif')[0]!.body as Record<string, string>;
    expect(sent).toMatchObject({ start_date: '2024-01-01', end_date: '2024-01-31' });
    expect(sent.request_id).toEqual(expect.any(String));
    const item = (await screen.findByText('In progress…')).closest('li')!;
    expect(item.className).toContain('export-job-recent');
    expect(within(item).getByText('New')).toBeTruthy();
    expect(within(item).queryByRole('link')).toBeNull();
  });

  it('shows each job with its status, and a download link once completed', async () => {
    fakeApi({
      'POST /vexportjobs': {
        body: {
          jobs: [
            job(),
            job({ id: 'abc-2', status: 9, filename: 'W1AW_20240201_20240229.adi', qso_count: null, bytes: null, message: 'The export could not be written. Please try again.' }),
          ],
        },
      },
    });
    signIn();
    renderApp(<AdifExportPanel />);
    const link = await screen.findByRole('link', { name: 'W1AW_20240101_20240131.adi (download)' });
    expect(link.getAttribute('href')).toBe('/api/vexportjobs/abc-1/download');
    expect(screen.getByText('Completed · 1234 QSOs, 293.0 kB')).toBeTruthy();
    expect(screen.getByText('Failed: The export could not be written. Please try again.')).toBeTruthy();
    expect(screen.getByText('W1AW_20240201_20240229.adi').closest('a')).toBeNull();
    expect(screen.queryByText('New')).toBeNull();
  });

  it('downloads by a signed link the browser follows (no file through the page), and shows a refusal', async () => {
    const url = '/api/vexportjobs/abc-1/download?exp=1700000300000&sig=c2lnbmVkLWJ5LXRoZS1zZXJ2ZXI';
    let gone = false;
    const api = fakeApi({
      'POST /vexportjobs': { body: { jobs: [job()] } },
      'POST /vexportjobs/abc-1/link': () => (gone ? { status: 410, body: { message: EXPORT_FILE_GONE } } : { body: { url, expires_at: '2023-11-14T22:18:20.000Z' } }),
    });
    // The hidden link the page clicks: jsdom does not navigate, so its clicks are recorded instead.
    const followed: { href: string | null; download: string; inPage: boolean }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href'), download: this.download, inPage: document.body.contains(this) });
    });
    try {
      signIn();
      renderApp(<AdifExportPanel />);
      const link = await screen.findByRole('link', { name: 'W1AW_20240101_20240131.adi (download)' });
      fireEvent.click(link);
      await waitFor(() => expect(followed).toHaveLength(1));
      expect(followed[0]).toEqual({ href: url, download: 'W1AW_20240101_20240131.adi', inPage: true });
      expect(api.callsTo('POST', '/vexportjobs/abc-1/link')).toHaveLength(1);
      // The file itself is never fetched by the page.
      expect(api.callsTo('GET', '/vexportjobs/abc-1/download')).toHaveLength(0);
      expect(document.querySelectorAll('a[download]')).toHaveLength(1);

      gone = true;
      fireEvent.click(link);
      await screen.findByText(`Download failed: ${EXPORT_FILE_GONE}`);
      expect(followed).toHaveLength(1);
    } finally {
      click.mockRestore();
    }
  });

  it('shows a refused request with the server message appended', async () => {
    fakeApi({
      'POST /vexportjobs': { body: { jobs: [] } },
      'POST /vexportadif': { status: 503, body: { message: 'The database is busy.' } },
    });
    signIn();
    renderApp(<AdifExportPanel />);
    typeInto('Start date', '2024-01-01');
    typeInto('End date', '2024-01-31');
    fireEvent.click(within(byDate()).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(screen.getByText('Export failed: The database is busy.')).toBeTruthy());
  });

  it('polls every 10 seconds while any job is pending, and not otherwise', () => {
    const interval = exportJobsQueryOptions('tok').refetchInterval as (query: unknown) => number | false;
    const query = (jobs: ExportJob[]) => ({ state: { data: jobs } });
    expect(interval(query([job(), job({ id: 'x', status: null })]))).toBe(EXPORT_JOBS_POLL_MS);
    expect(interval(query([job(), job({ id: 'x', status: 9 })]))).toBe(false);
    expect(interval(query([]))).toBe(false);
    expect(EXPORT_JOBS_POLL_MS).toBe(10_000);
    queryClient.clear();
  });
});
