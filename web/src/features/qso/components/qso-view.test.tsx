// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Qso, QsoHistoryEntry } from '@/types/api';
import { DeletedQsosTable, DELETED_QSOS_EMPTY } from './deleted-qsos';
import { QsoView, type QsoViewProps } from './qso-view';

const qso: Qso = {
  qdo_id: 'q-1', TS: '2025-06-01T18:30:12Z', Call: 'DL1ABC', station_callsign: 'W1AW', Freq: 14074, Band: '20m', Mode: 'MFSK', SubMode: 'FT4',
  Name: 'Hans', SNT: '-10', RCV: '-12', Comment: '<b>tnx</b>', Power: '100', dxcc: 230, Continent: 'EU', country: 'Germany', LAT: 51, LON: 10,
  cq_zone: 14, ZN: 28, GridSquare: 'JO62qm', radio_mode: '', qso_duration: 0, qso_origin: '', IsRunQSO: 0, ContestName: '', ContactType: '',
  mp3_name: 'a1.mp3', mp3s: [{ file_name: 'a1.mp3' }, { file_name: 'b2.ogg' }], sstvs: [{ file_name: 'c3.png' }],
};

const history: QsoHistoryEntry[] = [
  { position: 3, at: '2025-06-01T18:31:00Z', event: 'QsoLogged', label: 'Logged', changes: [] },
  { position: 9, at: '2025-06-01T19:02:00Z', event: 'QsoUpdated', label: 'Updated', changes: [{ field: 'Freq', from: '14.074000', to: '14.076000' }] },
];

const show = (props: Partial<QsoViewProps> = {}) =>
  render(
    <MemoryRouter>
      <QsoView qso={qso} {...props} />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('the QSO page', () => {
  it('shows the QSO as call at time, with every row the specification lists', () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'DL1ABC at 2025-06-01 18:30 UTC' })).toBeTruthy();
    const cell = (label: string) => screen.getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(cell('Time (UTC)')).toBe('2025-06-01 18:30');
    expect(cell('Station callsign')).toBe('W1AW');
    expect(cell('DX')).toBe('DL1ABC');
    expect(cell('Freq (MHz)')).toBe('14.074000');
    expect(cell('Mode')).toBe('MFSK / FT4');
    expect(cell('Contest')).toBe('—');
    expect(cell('Sent')).toBe('-10');
    expect(cell('Received')).toBe('-12');
    expect(cell('Comment')).toBe('<b>tnx</b>');
    expect(cell('Zone')).toBe('CQ 14, ITU 28');
    expect(cell('Power (W)')).toBe('100');
    expect(cell('Band')).toBe('20m');
    expect(cell('Grid square')).toBe('JO62qm');
    expect(cell('Continent')).toBe('EU');
    expect(screen.getByRole('link', { name: 'DL1ABC' }).getAttribute('href')).toBe('/DL1ABC');
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('plays each attached recording', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Recordings' })).toBeTruthy();
    expect(screen.getByLabelText('Recording 1').getAttribute('src')).toBe('/media/a1.mp3');
    expect(screen.getByLabelText('Recording 2').getAttribute('src')).toBe('/media/b2.ogg');
  });

  it('opens the QSL card in a lightbox and closes it with the button or Escape, focus back on the card', () => {
    show();
    const card = screen.getByRole('button', { name: 'Open QSL card' });
    expect(within(card).getByRole('img').getAttribute('src')).toBe('/qsl/q-1');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(card);
    const dialog = screen.getByRole('dialog', { name: 'QSL card' });
    expect(within(dialog).getByRole('img', { name: 'QSL card: W1AW to DL1ABC' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(card);

    fireEvent.click(card);
    // The browser turns Escape on a modal dialog into its 'cancel' event.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows SSTV images that open large', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Open SSTV image 1' }));
    expect(within(screen.getByRole('dialog', { name: 'SSTV image 1' })).getByRole('img').getAttribute('src')).toBe('/media/c3.png');
  });

  it('shows the owner the history, newest first, with what changed', () => {
    show({ history });
    const items = within(screen.getByRole('heading', { name: 'Edit history' }).parentElement as HTMLElement).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Updated');
    expect(items[0]?.textContent).toContain('Freq 14.074000 → 14.076000');
    expect(screen.getByText('Logged')).toBeTruthy();
  });

  it('shows no history to others, and no recordings section without recordings', () => {
    show({ qso: { ...qso, mp3s: [], sstvs: [] } });
    expect(screen.queryByRole('heading', { name: 'Edit history' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Recording/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'SSTV images' })).toBeNull();
  });

  it('shows the detail fields in their groups, with each confirmation service in words', () => {
    const adif = {
      LOTW_QSL_SENT: 'Y', LOTW_QSLSDATE: '20261101', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120',
      QRZCOM_QSO_UPLOAD_STATUS: 'Y', QRZCOM_QSO_UPLOAD_DATE: '20261121',
      EQSL_QSL_SENT: 'Q', QSL_SENT_VIA: 'B', QSL_VIA: 'W1ABC',
      STATE: 'MA', IOTA: 'NA-046', NOTES: 'Worked <him> on a SOTA summit\nsecond line',
    };
    show({ qso: { ...qso, adif } });
    const section = (name: string) => screen.getByRole('heading', { level: 2, name }).parentElement as HTMLElement;
    const cells = (name: string) => within(section(name)).getAllByRole('row').map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(cells('Confirmations')).toEqual([
      ['LoTW', 'Confirmed 2026-11-20'],
      ['QRZ Logbook', 'Uploaded 2026-11-21'],
      ['Club Log', 'Not sent'],
      ['eQSL', 'Queued'],
      ['Paper card', 'Not sent'],
      ['QSL card sent via', 'Bureau'],
      ['QSL via (manager)', 'W1ABC'],
    ]);
    expect(within(section('Confirmations')).getByText('Confirmed').className).toBe('badge badge-success');
    expect(cells('Location and references')).toEqual([
      ['State', 'MA'],
      ['IOTA', 'NA-046'],
    ]);
    expect(cells('Contest and notes')).toEqual([['Notes', 'Worked <him> on a SOTA summit\nsecond line']]);
    expect(screen.queryByRole('heading', { name: 'Station' })).toBeNull();
  });

  it('shows no detail sections for a QSO without details', () => {
    show();
    for (const name of ['Confirmations', 'Location and references', 'Station', 'Contest and notes']) {
      expect(screen.queryByRole('heading', { name })).toBeNull();
    }
  });

  it("links its owner (only) to 'Edit all fields'", () => {
    show({ history, editable: true });
    expect(screen.getByRole('link', { name: 'Edit all fields' }).getAttribute('href')).toBe('/qso/q-1/edit');
    cleanup();
    show();
    expect(screen.queryByRole('link', { name: 'Edit all fields' })).toBeNull();
    cleanup();
    show({ history, editable: true, deleted: true, onRestore: () => undefined });
    expect(screen.queryByRole('link', { name: 'Edit all fields' })).toBeNull();
  });

  it('tells the owner a QSO was deleted and offers Restore (no QSL card for a deleted QSO)', () => {
    const onRestore = vi.fn();
    show({ deleted: true, history, onRestore });
    expect(screen.getByText('This QSO was deleted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open QSL card' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(onRestore).toHaveBeenCalledOnce();
  });
});

describe('the deleted QSOs list', () => {
  it('lists each deleted QSO with Restore', () => {
    const onRestore = vi.fn();
    render(
      <MemoryRouter>
        <DeletedQsosTable answer={{ qsos: [{ ...qso, deleted_at: '2025-06-02T10:00:00Z' }], page: 1, size: 50, total: 1 }} onRestore={onRestore} />
      </MemoryRouter>,
    );
    const row = screen.getByRole('row', { name: /DL1ABC/ });
    expect(within(row).getByText('2025-06-02 10:00')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '2025-06-01 18:30' }).getAttribute('href')).toBe('/qso/q-1');
    fireEvent.click(within(row).getByRole('button', { name: 'Restore DL1ABC' }));
    expect(onRestore).toHaveBeenCalledWith('q-1');
  });

  it('says so when there are none', () => {
    render(
      <MemoryRouter>
        <DeletedQsosTable answer={{ qsos: [], page: 1, size: 50, total: 0 }} onRestore={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText(DELETED_QSOS_EMPTY)).toBeTruthy();
  });
});
