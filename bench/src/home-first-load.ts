// The home page's first load in a real browser: every script it fetches, bytes on the wire
// (compressed as Chromium asked for them), for / and for /?pane=11 (the globe pane), so the
// globe's chunk is seen to load only there.
//   npx tsx bench/src/home-first-load.ts          (starts a server on a fresh data folder)
//   HAMLOG_URL=http://host:port npx tsx bench/src/home-first-load.ts
import { launchBrowser } from '../../e2e/src/browser';
import { serverUnderTest } from './server';

interface Script {
  path: string;
  wireBytes: number;
  encoding: string;
}

async function scriptsOf(url: string): Promise<Script[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const responses: Promise<Script>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      responses.push(
        (async () => {
          const sizes = await response.request().sizes();
          return { path: new URL(response.url()).pathname, wireBytes: sizes.responseBodySize, encoding: (await response.allHeaders())['content-encoding'] ?? 'identity' };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1_000);
    return await Promise.all(responses);
  } finally {
    await browser.close();
  }
}

const server = await serverUnderTest();
try {
  for (const path of ['/', '/?pane=11']) {
    const scripts = await scriptsOf(`${server.url}${path}`);
    console.table(scripts);
    const total = scripts.reduce((sum, s) => sum + s.wireBytes, 0);
    console.log(`${path}: ${scripts.length} scripts, ${total} B (${(total / 1024).toFixed(1)} KiB) on the wire`);
  }
} finally {
  await server.stop();
}
