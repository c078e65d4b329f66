/**
 * Logger page ready: in Chromium (playwright-core), from navigation start to the logger being
 * usable — the call input focused and the DXCC list loaded into its dropdown — over N loads,
 * each in a fresh browser context (cold cache) and then in one reused context (warm cache).
 * Target (issue 3): p95 under 1 s on localhost.
 *
 *   npx tsx bench/src/logger-page-ready.ts
 *
 * Environment:
 *   HAMLOG_URL          a running server (e.g. one seeded with 1M QSOs); default: start one here
 *                       (serves web/dist, or WEB_DIST)
 *   HAMLOG_EMAIL, HAMLOG_PASSWORD   log in as this user (/api/vlogin); default: register a new one
 *   LOGGER_BENCH_LOADS  loads per series (default 20)
 *   LOGGER_BENCH_PATH   the page (default /logger)
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../../e2e/src/browser';
import { isMain, machineText, printFigures, type Figure } from './report';
import { serverUnderTest, stopAll } from './server';
import { percentile } from './stats';

export const LOGGER_READY_TARGET_MS = 1000;

interface Auth {
  token: string;
  user: unknown;
  subscription: unknown;
}

interface Load {
  /** ms from navigation start until the call input had the focus. */
  focused: number;
  /** ms until the DXCC dropdown held the list. */
  dxcc: number;
  /** the later of the two: the page is ready. */
  ready: number;
}

async function post<T>(url: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

async function signInUser(url: string): Promise<Auth> {
  const email = process.env.HAMLOG_EMAIL;
  const password = process.env.HAMLOG_PASSWORD;
  if (email && password) return post<Auth>(url, '/vlogin', { email, password });
  const id = randomBytes(3).toString('hex').toUpperCase();
  return post<Auth>(url, '/vregister', { email: `logger-bench-${id.toLowerCase()}@example.com`, my_callsign: `LB1${id}` });
}

/**
 * Runs in the page before its own scripts: stores the session as the client does, and notes (per
 * animation frame) when the call input first has the focus and when the DXCC list first arrives.
 */
function probeScript(auth: Auth): string {
  return `(() => {
    localStorage.setItem('token', ${JSON.stringify(auth.token)});
    localStorage.setItem('user', ${JSON.stringify(JSON.stringify(auth.user ?? null))});
    localStorage.setItem('subscription', ${JSON.stringify(JSON.stringify(auth.subscription ?? null))});
    const marks = (window.__loggerReady = { focused: 0, dxcc: 0 });
    const check = () => {
      const call = document.querySelector('input[name="call"]');
      const dxcc = document.querySelector('select[name="dxcc"]');
      if (!marks.focused && call && document.activeElement === call) marks.focused = performance.now();
      if (!marks.dxcc && dxcc && dxcc.options.length > 1) marks.dxcc = performance.now();
      if (!marks.focused || !marks.dxcc) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`;
}

async function measure(context: BrowserContext, pageUrl: string): Promise<Load> {
  const page = await context.newPage();
  try {
    await page.goto(pageUrl, { waitUntil: 'commit' });
    const marks = await page.waitForFunction(
      '(() => { const m = window.__loggerReady; return m && m.focused && m.dxcc ? m : false; })()',
      undefined,
      { timeout: 30_000, polling: 50 },
    );
    const { focused, dxcc } = (await marks.jsonValue()) as { focused: number; dxcc: number };
    return { focused, dxcc, ready: Math.max(focused, dxcc) };
  } finally {
    await page.close();
  }
}

async function series(browser: Browser, auth: Auth, pageUrl: string, loads: number, warm: boolean): Promise<Load[]> {
  const fresh = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(probeScript(auth));
    return context;
  };
  const shared = warm ? await fresh() : null;
  if (shared) await measure(shared, pageUrl); // fills the cache; not counted
  const out: Load[] = [];
  try {
    for (let i = 0; i < loads; i += 1) {
      const context = shared ?? (await fresh());
      try {
        out.push(await measure(context, pageUrl));
      } finally {
        if (!shared) await context.close();
      }
    }
  } finally {
    await shared?.close();
  }
  return out;
}

function figures(label: string, loads: Load[]): Figure[] {
  const at = (pick: (l: Load) => number, q: number) => percentile(loads.map(pick).sort((a, b) => a - b), q);
  const note = `${loads.length} loads`;
  const figure = (name: string, value: number, target?: Figure['target']): Figure => ({
    benchmark: 'logger-page-ready',
    name: `${label}: ${name}`,
    value,
    unit: 'ms',
    note,
    ...(target ? { target } : {}),
  });
  return [
    figure('ready p50', at((l) => l.ready, 0.5)),
    figure('ready p95', at((l) => l.ready, 0.95), { op: '<', value: LOGGER_READY_TARGET_MS }),
    figure('call focused p50', at((l) => l.focused, 0.5)),
    figure('DXCC list p50', at((l) => l.dxcc, 0.5)),
  ];
}

export async function runLoggerPageReady(): Promise<Figure[]> {
  const loads = Number(process.env.LOGGER_BENCH_LOADS ?? 20);
  const path = process.env.LOGGER_BENCH_PATH ?? '/logger';
  const server = await serverUnderTest();
  const url = server.url;
  const browser = await launchBrowser();
  try {
    const auth = await signInUser(url);
    console.log(`logger page ready: ${url}${path}, ${loads} loads per series (${machineText()})`);
    const cold = await series(browser, auth, `${url}${path}`, loads, false);
    const warm = await series(browser, auth, `${url}${path}`, loads, true);
    return [...figures('cold cache', cold), ...figures('warm cache', warm)];
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    printFigures('logger page ready (navigation start → call focused and DXCC list loaded)', await runLoggerPageReady());
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}
