/**
 * Helpers for component tests (jsdom): a fake API behind fetch and XMLHttpRequest, a signed-in
 * session, and rendering inside the app's real providers with a memory router.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { DialogHost } from '@/components/ui/dialog-host';
import { dialogState, resetDialogs, subscribeDialogs } from '@/lib/dialogs';
import { queryClient } from '@/lib/react-query';
import { clearSession, startSession } from '@/lib/session';
import { store } from '@/lib/store';
import type { Qso, Subscription, User } from '@/types/api';

// findBy* and waitFor wait for the app's lazily loaded screens; 1 s (the library's default) is too
// short for a first render while the suite runs two files at a time (as expect.poll's in vitest.config.ts).
configure({ asyncUtilTimeout: 5_000 });

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

type Handler = (call: ApiCall) => FakeAnswer | Promise<FakeAnswer>;

/** Answers API calls by 'METHOD /path' (path without /api and without the query). */
export function fakeApi(handlers: Record<string, Handler | FakeAnswer>) {
  const calls: ApiCall[] = [];
  const answer = async (call: ApiCall): Promise<FakeAnswer> => {
    calls.push(call);
    const key = `${call.method} ${call.path.split('?')[0]}`;
    const handler = handlers[key];
    if (!handler) return { status: 404, body: { message: `No fake for ${key}` } };
    return typeof handler === 'function' ? handler(call) : handler;
  };

  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const a = await answer({
      method: init.method ?? 'GET',
      path: String(url).replace(/^\/api/, ''),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    return new Response(a.body === undefined ? '' : JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      void answer({ method: this.method, path: this.url.replace(/^\/api/, ''), body, headers: this.headers }).then((a) => {
        this.status = a.status ?? 200;
        this.responseText = a.body === undefined ? '' : JSON.stringify(a.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.split('?')[0] === path),
  };
}

/** A logged QSO as the API answers it (W1AW on 20 m CW); `patch` changes any field. */
export function testQso(patch: Partial<Qso> = {}): Qso {
  return {
    qdo_id: 'q-1',
    TS: '2025-01-02T03:04:05Z',
    Call: 'W1AW',
    station_callsign: 'PA3XYZ',
    Freq: 14025,
    Band: '20m',
    Mode: 'CW',
    SubMode: '',
    Name: 'Hiram',
    SNT: '599',
    RCV: '579',
    Comment: 'first',
    Power: '100',
    dxcc: 291,
    Continent: 'NA',
    country: 'United States of America',
    LAT: null,
    LON: null,
    cq_zone: 5,
    ZN: 8,
    GridSquare: '',
    radio_mode: '',
    qso_duration: 12,
    qso_origin: 'LOGBAR',
    IsRunQSO: 0,
    ContestName: '',
    ContactType: '',
    ...patch,
  } as Qso;
}

export function testUser(patch: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: '',
    email: 'op@example.com',
    my_callsign: 'PA3XYZ',
    callsign_verified: false,
    is_admin: false,
    api_key: 'abcdef0123456789abcdef0123456789',
    profile_image_name: 'missing.JPG',
    eqsl_apikey: null,
    managed_by_id: null,
    managed_by_callsign: null,
    sub_accounts: [],
    subscribed: false,
    paid_subscription: 0,
    has_password: true,
    created_at: '2025-01-01T00:00:00Z',
    managed_by_call: null,
    main_account: null,
    qth: '',
    grid: '',
    mobile_number: '',
    club_call: '',
    profile_bio: '',
    facebook_link: '',
    youtube_link: '',
    instagram_link: '',
    twitter_link: '',
    live_stream_url: '',
    qrz_api_key: '',
    qrz_auto_log_qso: false,
    clublog_email: '',
    clublog_password: '',
    has_clublog_password: false,
    clublog_auto_log_qso: false,
    exclude_from_leaderboards: false,
    show_award_progress: false,
    rig_name_override: '',
    is_ham: false,
    is_cb: false,
    is_swl: false,
    ...patch,
  };
}

/** Types `value` into the field labelled `label`, as one change. */
export function typeInto(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function signIn(user: Partial<User> = {}, subscription: Subscription = { level: 'free', expiryDate: null }) {
  startSession({ token: 'tok-1', user: testUser(user), subscription });
}

/**
 * The in-page toasts and confirmations, recorded; each confirmation is answered by clicking its
 * dialog's OK (`confirmAnswer` true) or Cancel button, as a person would.
 */
export function recordDialogs(confirmAnswer = true) {
  const alerts: string[] = [];
  const confirms: string[] = [];
  const seen = new Set<number>();
  const answerInPage = async (fallback: (yes: boolean) => void) => {
    const dialog = await waitFor(() => {
      const open = screen.getByRole('alertdialog');
      if (answeredDialogs.has(open)) throw new Error('the previous dialog is still closing');
      return open;
    }).catch(() => null);
    if (!dialog) return fallback(confirmAnswer); // rendered without the app's providers: no dialog to click
    answeredDialogs.add(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: confirmAnswer ? 'OK' : 'Cancel' }));
  };
  // A later recordDialogs in the same test takes over: each question is answered once.
  for (const stop of stopRecording.splice(0)) stop();
  stopRecording.push(
    subscribeDialogs(() => {
      const { confirm, toasts } = dialogState();
      for (const toast of toasts) {
        if (seen.has(toast.id)) continue;
        seen.add(toast.id);
        alerts.push(toast.message);
      }
      if (confirm && !seen.has(confirm.id)) {
        seen.add(confirm.id);
        confirms.push(confirm.message);
        void answerInPage(confirm.answer);
      }
    }),
  );
  return { alerts, confirms };
}

const stopRecording: (() => void)[] = [];
const answeredDialogs = new WeakSet<HTMLElement>();

/** Back to a fresh browser: no session, no cached data, empty storage, no fakes. */
export function resetApp() {
  for (const stop of stopRecording.splice(0)) stop();
  resetDialogs();
  cleanup();
  clearSession();
  queryClient.clear();
  // Failed reads are not retried in tests: an error shows at once.
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.scrollTo = () => undefined; // jsdom has no layout to scroll
}

/**
 * Render `routes` (or a single element at `path`) at `at`, inside the app's providers.
 * Other paths render a marker showing where the app went: 'Now at /path?query'.
 */
export function renderApp(routes: RouteObject[] | ReactElement, at = '/', path = '*') {
  const routeList: RouteObject[] = Array.isArray(routes) ? routes : [{ path, element: routes }];
  const router = createMemoryRouter(
    [...routeList, { path: '*', element: <WhereAmI /> }],
    { initialEntries: [at] },
  );
  const utils = render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <DialogHost />
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return { ...utils, router };
}

function WhereAmI() {
  const location = useLocation();
  return <p>Now at {location.pathname + location.search}</p>;
}
