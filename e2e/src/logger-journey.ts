/**
 * Helpers of the logger journeys: stations registered through the API, a browser page signed in
 * as one of them, and the API's view of what was logged.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Qso } from '@hamlog/domain';

export interface Station {
  email: string;
  callsign: string;
  password: string;
  token: string;
  apiKey: string;
  /** The registration answer, stored by the client as it stores a login answer. */
  auth: { token: string; user: { api_key: string }; subscription: unknown };
}

export async function apiPost<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new station with a password (so it can also log in through the form). */
export async function registerStation(baseUrl: string, prefix = 'E'): Promise<Station> {
  const id = randomBytes(3).toString('hex').toUpperCase();
  const callsign = `${prefix}1${id}`.slice(0, 10); // the '1': a callsign needs a digit
  const email = `${callsign.toLowerCase()}@example.com`;
  const password = `pw-${id}-seventy-three`;
  const auth = await apiPost<Station['auth']>(baseUrl, '/vregister', { email, my_callsign: callsign });
  await apiPost(baseUrl, '/vupdateprofile', { password, password_confirmation: password }, auth.token);
  return { email, callsign, password, token: auth.token, apiKey: auth.user.api_key, auth };
}

/** Signs the page in the way the client remembers a login (localStorage token, user, subscription). */
export async function signIn(page: Page, baseUrl: string, station: Station): Promise<void> {
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    `(() => {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('token', ${JSON.stringify(station.auth.token)});
      localStorage.setItem('user', ${JSON.stringify(JSON.stringify(station.auth.user))});
      localStorage.setItem('subscription', ${JSON.stringify(JSON.stringify(station.auth.subscription ?? null))});
    })()`,
  );
}

/** The station's logbook, newest first, as the API answers it. */
export async function loggedQsos(baseUrl: string, station: Station): Promise<Qso[]> {
  const answer = await apiPost<{ logbook: Qso[] }>(baseUrl, '/vlogbook', { page: 1, size: 500 }, station.token);
  return answer.logbook;
}

/**
 * The logbook once it holds `count` QSOs (its read model follows the log within moments); after
 * the timeout, whatever it holds, for the caller's assertion to show.
 */
export async function logbookWith(baseUrl: string, station: Station, count: number, timeoutMs = 10_000): Promise<Qso[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await loggedQsos(baseUrl, station);
    if (list.length === count || Date.now() > deadline) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Logs a contact through the API (kHz). */
export async function logThroughApi(baseUrl: string, station: Station, data: Record<string, unknown>): Promise<{ qdo_id: string }> {
  return apiPost(baseUrl, '/vqso/upsert', { data }, station.token);
}

/**
 * Accepts every confirmation (the in-page dialog's OK) and remembers its text and every toast's.
 * Call it before the page's first navigation: it watches the page from its first script on.
 */
export async function answerDialogs(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  // Both in place before the test's first goto (a page loaded before them would answer nothing).
  await page.exposeBinding('__hamlogDialogSeen', (_source, text: string) => void seen.push(text));
  await page.addInitScript(ANSWER_IN_PAGE_DIALOGS);
  return seen;
}

/** Runs in the page: reports each new toast and confirmation, and presses the confirmation's OK. */
const ANSWER_IN_PAGE_DIALOGS = `(() => {
  const done = new WeakSet();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.toast span, [role="alertdialog"]')) {
      if (done.has(el)) continue;
      done.add(el);
      if (el.getAttribute('role') !== 'alertdialog') {
        window.__hamlogDialogSeen(el.textContent || '');
        continue;
      }
      window.__hamlogDialogSeen((el.querySelector('.dialog-message') || {}).textContent || '');
      el.querySelector('.dialog-actions .btn-primary')?.click();
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/** The name attribute of the focused element. */
export function focusedName(page: Page): Promise<string | null> {
  return page.evaluate<string | null>('document.activeElement ? document.activeElement.getAttribute("name") : null');
}

/** How far the page scrolls sideways (0 when nothing overflows). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/** The elements that reach past the right edge of the viewport (for a failure message). */
export function elementsPastRightEdge(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const width = document.documentElement.clientWidth;
    const past = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 0.5) past.push(el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') + ' (right ' + Math.round(r.right) + ')');
    }
    return past.slice(0, 8).join(', ');
  })()`);
}

/** The current UTC minute as the time field shows it ('YYYY-MM-DD HH:MM'). */
export function utcMinute(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** Pages signed in as a station, each in a browser context of its own (a viewport, a colour scheme), closed together. */
export function signedInPages(journey: { browser: Browser; server: { url: string } }) {
  const contexts: BrowserContext[] = [];
  return {
    async open(station: Station, options: BrowserContextOptions): Promise<Page> {
      const context = await journey.browser.newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await answerDialogs(page);
      await signIn(page, journey.server.url, station);
      return page;
    },
    close: () => Promise.all(contexts.map((c) => c.close())),
  };
}

/** Imports an ADIF file through the Import/Export page and waits for the import to finish. */
export async function importAdifFile(page: Page, baseUrl: string, name: string, bytes: Buffer): Promise<void> {
  await page.goto(`${baseUrl}/import-export`);
  const panel = page.getByRole('region', { name: 'Import an ADIF file' });
  await panel.getByLabel('ADIF file', { exact: true }).setInputFiles({ name, mimeType: 'text/plain', buffer: bytes });
  await panel.getByRole('button', { name: 'Import' }).click();
  await panel.getByRole('link', { name: 'Open your logbook' }).waitFor({ timeout: 60_000 });
}
