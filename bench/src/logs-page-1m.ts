/**
 * The /logs page in Chromium at 1,000,000 QSOs: from navigation start until the page's 500 rows
 * are on screen, for the first, middle and last page, on a desktop (1280 px) and a phone (375 px)
 * viewport; on the phone it also checks that the page itself does not scroll sideways (the table
 * scrolls inside its frame) and that the pager is on screen. Runs on the seeded server of
 * seed-1m.ts, serving the built client (`npm run build`, or WEB_DIST).
 *
 *   npx tsx bench/src/logs-page-1m.ts      (LOGS_BENCH_LOADS loads per figure, default 5)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/src/browser';
import { isMain, machineText, printFigures, type Figure } from './report';
import { openSeededServer, type Seed } from './seed-1m';
import { REPO_ROOT, stopAll } from './server';
import { fmtMs, summarize } from './stats';

export const LOGS_READY_TARGET_MS = 1000;
const LOADS = Number(process.env.LOGS_BENCH_LOADS ?? 5);
const PAGE_SIZE = 500;

/** In the page, before its scripts: the time (from navigation start) when the table first holds `rows` rows. */
const probe = (rows: number) => `(() => {
  const marks = (window.__logsReady = { shown: 0 });
  const check = () => {
    if (document.querySelectorAll('tbody tr').length >= ${rows}) marks.shown = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

async function series(browser: Browser, url: string, seed: Seed, width: number): Promise<Figure[]> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const figures: Figure[] = [];
  try {
    const login = await context.newPage();
    await login.goto(`${url}/login`);
    await login.getByLabel('Email').fill(seed.email);
    await login.getByLabel('Password').fill(seed.password);
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await login.waitForURL((u) => !u.pathname.startsWith('/login'));
    await login.close();

    const pages = Math.ceil(seed.qsos / PAGE_SIZE);
    for (const [name, n] of [['first', 1], ['middle', Math.ceil(pages / 2)], ['last', pages]] as const) {
      const rows = n < pages ? PAGE_SIZE : seed.qsos - (pages - 1) * PAGE_SIZE;
      const times: number[] = [];
      let layout = '';
      for (let i = 0; i < LOADS; i += 1) {
        const page = await context.newPage();
        await page.addInitScript(probe(rows));
        await page.goto(`${url}/logs${n === 1 ? '' : `?page=${n}`}`, { waitUntil: 'commit' });
        const shown = await page.waitForFunction('window.__logsReady.shown || null', undefined, { timeout: 30_000 });
        times.push((await shown.jsonValue()) as number);
        if (i === 0) {
          const label = await page.locator('.pager-label').first().innerText();
          const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
          const pagerBox = await page.getByRole('button', { name: 'Last' }).first().boundingBox();
          const pagerOnScreen = pagerBox !== null && pagerBox.x >= 0 && pagerBox.x + pagerBox.width <= width;
          layout = `'${label}'; page width ${scrollWidth} px of ${width}; pager ${pagerOnScreen ? 'on screen' : 'OFF SCREEN'}`;
          if (scrollWidth > width || !pagerOnScreen) throw new Error(`/logs at ${width} px: ${layout}`);
        }
        await page.close();
      }
      const s = summarize(times);
      console.log(`  ${width} px, ${name} page (${n}): ${rows} rows shown after p50 ${fmtMs(s.p50)}, max ${fmtMs(s.max)} (${LOADS} loads); ${layout}`);
      figures.push({
        benchmark: 'logs-page-1m',
        name: `/logs ${name} page, ${width} px: navigation to ${rows} rows shown, max of ${LOADS}`,
        value: s.max,
        unit: 'ms',
        shown: `${fmtMs(s.max)} (p50 ${fmtMs(s.p50)})`,
        target: { op: '<', value: LOGS_READY_TARGET_MS },
      });
    }
  } finally {
    await context.close();
  }
  return figures;
}

export async function runLogsPage1m(): Promise<Figure[]> {
  const webDist = process.env.WEB_DIST ?? join(REPO_ROOT, 'web', 'dist');
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`no built client in ${webDist}: run npm run build (or set WEB_DIST)`);
  const { server, seed } = await openSeededServer();
  const browser = await launchBrowser();
  try {
    console.log(`logs-page-1m (${machineText()}): ${seed.qsos.toLocaleString('en-US')} QSOs, Chromium, each load a new tab in one signed-in context`);
    return [...(await series(browser, server.url, seed, 1280)), ...(await series(browser, server.url, seed, 375))];
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    printFigures('/logs page at 1M QSOs', await runLogsPage1m());
  } finally {
    await stopAll();
  }
}
