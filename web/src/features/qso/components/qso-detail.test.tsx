// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { store } from '@/lib/store';
import { recordDialogs, resetApp } from '@/testing/app-test-kit';
import type { Qso, QsoHistoryAnswer, User } from '@/types/api';
import { QsoDetail } from './qso-detail';

const qso = { qdo_id: 'q-1', TS: '2025-06-01T18:30:12Z', Call: 'DL1ABC', station_callsign: 'W1AW', Freq: 14074, Band: '20m', Mode: 'FT8', SubMode: '', mp3s: [], sstvs: [] } as unknown as Qso;

/** A stand-in for the server: answers by path, and records what was asked. */
function server(routes: Record<string, (body: unknown) => [number, unknown]>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
    calls.push(path);
    const [status, body] = routes[path]?.(init.body ? JSON.parse(String(init.body)) : undefined) ?? [404, { message: 'No such call.' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function showPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <QsoDetail qdoId="q-1" />
        </MemoryRouter>
      </QueryClientProvider>
    </JotaiProvider>,
  );
}

afterEach(() => {
  resetApp();
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the QSO page with the server', () => {
  it('alerts and says Error loading QSO when a visitor opens a missing or deleted QSO', async () => {
    const dialogs = recordDialogs();
    const calls = server({ '/vgetFullQso': () => [404, { message: 'QSO not found' }] });
    showPage();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Error loading QSO');
    expect(dialogs.alerts).toContain('Error loading QSO');
    expect(calls).not.toContain('/vqso/history');
  });

  it('shows its owner a deleted QSO with its history, and restores it', async () => {
    startSession({ token: 't', user: { id: 'u', my_callsign: 'W1AW' } as User, subscription: { level: 'free', expiryDate: null } });
    let deleted = true;
    const history = (): QsoHistoryAnswer => ({
      qdo_id: 'q-1', deleted, qso,
      history: [{ position: 1, at: '2025-06-01T18:31:00Z', event: 'QsoLogged', label: 'Logged', changes: [] }, { position: 2, at: '2025-06-01T19:00:00Z', event: 'QsoDeleted', label: 'Deleted', changes: [] }],
    });
    const calls = server({
      '/vgetFullQso': () => (deleted ? [404, { message: 'QSO not found' }] : [200, { qso }]),
      '/vqso/history': () => [200, history()],
      '/vqso/restore': () => {
        deleted = false;
        return [200, { qdo_id: 'q-1', restored: true }];
      },
    });
    showPage();
    expect(await screen.findByText('This QSO was deleted')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit history' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByText('This QSO was deleted')).toBeNull());
    expect(calls).toContain('/vqso/restore');
    expect(await screen.findByRole('button', { name: 'Open QSL card' })).toBeTruthy();
  });

  it('shows a live QSO to a signed-in stranger without history', async () => {
    startSession({ token: 't', user: { id: 'other', my_callsign: 'K1JT' } as User, subscription: { level: 'free', expiryDate: null } });
    const calls = server({ '/vgetFullQso': () => [200, { qso }], '/vqso/history': () => [404, { message: 'QSO not found' }] });
    showPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'DL1ABC at 2025-06-01 18:30 UTC' })).toBeTruthy();
    await waitFor(() => expect(calls).toContain('/vqso/history'));
    expect(screen.queryByRole('heading', { name: 'Edit history' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit all fields' })).toBeNull();
  });

  it("offers its owner 'Edit all fields'", async () => {
    startSession({ token: 't', user: { id: 'u', my_callsign: 'W1AW' } as User, subscription: { level: 'free', expiryDate: null } });
    server({ '/vgetFullQso': () => [200, { qso }], '/vqso/history': () => [200, { qdo_id: 'q-1', deleted: false, qso, history: [] }] });
    showPage();
    expect((await screen.findByRole('link', { name: 'Edit all fields' })).getAttribute('href')).toBe('/qso/q-1/edit');
  });
});
