/**
 * The releases feed behind /download (infra/src/downloads/releases-feed.ts) against a local HTTP
 * server standing in for GitHub's releases API: up, down, slow, and a restart with the feed down.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_RELEASES } from '@hamlog/domain';
import { ReleasesFeed } from '../src/downloads/releases-feed';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

const RELEASES = [
  {
    tag_name: 'v3.0.0',
    html_url: 'https://github.com/hamlog/desktop/releases/tag/v3.0.0',
    published_at: '2026-10-01T00:00:00Z',
    assets: [{ name: 'HamLog-3.0.0.exe', browser_download_url: 'https://example.com/3.exe', size: 3 }],
  },
  {
    tag_name: 'v2.5.0-beta.1',
    prerelease: true,
    html_url: 'https://github.com/hamlog/desktop/releases/tag/v2.5.0-beta.1',
    published_at: '2026-09-01T00:00:00Z',
    assets: [{ name: 'HamLog-2.5.0-beta.1.exe', browser_download_url: 'https://example.com/beta.exe', size: 1 }],
  },
  {
    tag_name: 'v2.4.1',
    html_url: 'https://github.com/hamlog/desktop/releases/tag/v2.4.1',
    published_at: '2026-08-01T00:00:00Z',
    assets: [
      { name: 'HamLog-2.4.1.exe.blockmap', browser_download_url: 'https://example.com/2.4.1.exe.blockmap', size: 9 },
      { name: 'HamLog-Setup-2.4.1.exe', browser_download_url: 'https://example.com/2.4.1.exe', size: 81_000_000 },
      { name: 'HamLog-2.4.1.AppImage', browser_download_url: 'https://example.com/2.4.1.AppImage', size: 95_000_000 },
      { name: 'HamLog-2.4.1.dmg', browser_download_url: 'javascript:alert(1)', size: 90_000_000 },
      { name: 'HamLog-2.4.1-mac.zip', browser_download_url: 'https://example.com/2.4.1-mac.zip', size: 88_000_000 },
      { name: 'latest.yml', browser_download_url: 'https://example.com/latest.yml', size: 300 },
    ],
  },
  { tag_name: 'v2.3.0', html_url: 'https://github.com/hamlog/desktop/releases/tag/v2.3.0', published_at: '2026-05-01T00:00:00Z', assets: [] },
];

type Mode = 'up' | 'down' | 'slow' | 'garbage';

describe('ReleasesFeed: fetched with a timeout, kept in memory and in PostgreSQL', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let server: Server;
  let url = '';
  let mode: Mode = 'up';
  let hits = 0;
  let clock = new Date('2026-11-01T12:00:00Z');
  const now = () => clock;
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  beforeAll(async () => {
    db = await createTestDatabase('releases');
    pool = new pg.Pool({ connectionString: db.url });
    server = createServer((req, res) => {
      hits += 1;
      if (mode === 'down') return void res.writeHead(503).end('unavailable');
      if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>rate limited</html>');
      const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RELEASES));
      if (mode === 'slow') setTimeout(send, 1_500);
      else send();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repos/hamlog/desktop/releases`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await pool?.end();
    await db?.drop();
  });
  beforeEach(async () => {
    mode = 'up';
    hits = 0;
    await pool.query('DROP TABLE IF EXISTS releases_feed_cache');
    await pool.query(`DELETE FROM schema_migrations WHERE owner = 'releases-feed'`).catch(() => {});
  });

  const feedOn = (feedUrl: string | null = url) =>
    new ReleasesFeed({ url: feedUrl ?? undefined, pool, now, timeoutMs: 500, freshMs: 60_000, retryMs: 10_000 });

  it('offers the newest version 2 release with one installer per platform, safe links only, and the other versions', async () => {
    const state = await feedOn().current();
    expect(state.source).toBe('feed');
    expect(state.fetchedAt).toBe(clock.toISOString());
    expect(state.summary.current).toEqual({
      version: '2.4.1',
      published_at: '2026-08-01T00:00:00.000Z',
      page_url: 'https://github.com/hamlog/desktop/releases/tag/v2.4.1',
      installers: [
        { platform: 'Windows', file_name: 'HamLog-Setup-2.4.1.exe', size: 81_000_000, url: 'https://example.com/2.4.1.exe' },
        { platform: 'Linux', file_name: 'HamLog-2.4.1.AppImage', size: 95_000_000, url: 'https://example.com/2.4.1.AppImage' },
        // The .dmg's javascript: link is dropped; the Mac archive takes its place.
        { platform: 'Mac', file_name: 'HamLog-2.4.1-mac.zip', size: 88_000_000, url: 'https://example.com/2.4.1-mac.zip' },
      ],
    });
    expect(state.summary.others.map((r) => r.version)).toEqual(['3.0.0', '2.3.0']);
  });

  it('answers the kept copy while fresh without asking the feed again', async () => {
    const feed = feedOn();
    await feed.current();
    advance(30_000);
    expect((await feed.current()).source).toBe('feed');
    expect(hits).toBe(1);
  });

  it('answers the built-in fallback when the feed was never reached (down, garbage, slow, or unset)', async () => {
    mode = 'down';
    expect(await feedOn().current()).toEqual({ summary: FALLBACK_RELEASES, source: 'fallback', fetchedAt: null });
    mode = 'garbage';
    expect((await feedOn().current()).source).toBe('fallback');
    mode = 'slow';
    const started = Date.now();
    expect((await feedOn().current()).source).toBe('fallback');
    expect(Date.now() - started).toBeLessThan(1_400);
    hits = 0;
    expect((await feedOn(null).current()).source).toBe('fallback');
    expect(hits).toBe(0);
  });

  it('answers the last good copy when the feed goes down, and after a restart, then refreshes when it is back', async () => {
    const first = feedOn();
    const fetchedAt = (await first.current()).fetchedAt;
    mode = 'down';
    advance(120_000);
    const stale = await first.current();
    expect(stale.source).toBe('cache');
    expect(stale.fetchedAt).toBe(fetchedAt);
    expect(stale.summary.current?.version).toBe('2.4.1');

    // A new process on the same database, with the feed still down: the kept copy, not the fallback.
    const restarted = feedOn();
    const afterRestart = await restarted.current();
    expect(afterRestart.source).toBe('cache');
    expect(afterRestart.summary.current?.version).toBe('2.4.1');
    // A failed fetch is not retried on every reader.
    await restarted.refresh();
    const hitsAfterFailure = hits;
    await restarted.current();
    expect(hits).toBe(hitsAfterFailure);

    mode = 'up';
    advance(10_000);
    expect(await restarted.refresh()).toBe(true);
    const back = await restarted.current();
    expect(back.source).toBe('feed');
    expect(back.fetchedAt).toBe(clock.toISOString());
  });

  it('answers a stale copy at once while a slow feed is asked in the background', async () => {
    const feed = feedOn();
    await feed.current();
    mode = 'slow';
    advance(120_000);
    const started = Date.now();
    expect((await feed.current()).source).toBe('cache');
    expect(Date.now() - started).toBeLessThan(400);
    expect(await feed.refresh()).toBe(false);
  });
});
