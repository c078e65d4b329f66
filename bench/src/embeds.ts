/**
 * The embed pages other sites frame (/active-embed/1/{callsign}, /embed/1/last/{callsign},
 * /embed/1/photos/{callsign}, /embed/1/{callsign}, /embed/sstv/1/{callsign}) under 100 concurrent
 * readers each: p50/p99 over HTTP and the page's size, for a station with full pages (20 QSOs with
 * long comments, 12 photos, 8 SSTV images, a rig on the air). Then the path every first reader of
 * a page takes: 100 concurrent readers of unknown callsigns, each request a miss of the server's
 * few-second reuse and so a read of PostgreSQL.
 *
 *   npm run bench:embeds                 (= npx tsx bench/src/embeds.ts; own server on a fresh data folder)
 *   EMBEDS_BENCH_SECONDS=10              (measured seconds per page, default 10; 1 s warm-up before)
 *   EMBEDS_BENCH_CONCURRENCY=100         (readers, default 100)
 *   HAMLOG_URL=http://127.0.0.1:8080     (a running server instead of one started here)
 */
import sharp from 'sharp';
import { embedPath, type EmbedKind } from '@hamlog/domain/embeds/embed-codes';
import { HttpClient } from './load';
import { closedLoopReaders, openLoopReaders } from './readers';
import { isMain, machineText, printFigures, type Figure } from './report';
import { serverUnderTest, stopAll } from './server';
import { registerUsers } from './users';
import { wrkAvailable, wrkReaders } from './wrk';

export const EMBED_P99_TARGET_MS = 20;
export const EMBED_BYTES_TARGET = 30 * 1024;
const BENCHMARK = 'embeds';
const SECONDS = Number(process.env.EMBEDS_BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.EMBEDS_BENCH_CONCURRENCY ?? 100);
/** The open-loop figure: requests per second, as 100 readers each reloading every 100 ms would send them. */
const OPEN_RATE = Number(process.env.EMBEDS_BENCH_RATE ?? 1_000);
const KINDS: EmbedKind[] = ['live', 'last', 'photos', 'logs', 'sstv'];
const LONG_COMMENT = 'Tnx fer QSO & nice signal <73> — hope to meet again on 20m; rig IC-7300 100 W into a 3-el yagi at 12 m.';

function check(what: string, res: { status: number; body: string }): void {
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
}

/** A station with every embed page full: the most a page shows of each. */
async function seedStation(url: string): Promise<string> {
  const [user] = await registerUsers(url, 1);
  if (!user) throw new Error('no user registered');
  const client = new HttpClient(url, 8);
  try {
    const me = await client.request('GET', '/api/vuser', undefined, { authorization: `Bearer ${user.token}` });
    check('vuser', me);
    const key = (JSON.parse(me.body) as { user: { api_key: string } }).user.api_key;
    const renamed = await client.post('/api/vupdateprofile', { name: 'Benchmark Station With A Rather Long Name', qth: 'Somewhere', grid: 'JO62qm', email: user.email }, user.token);
    check('vupdateprofile', renamed);
    const qsoIds: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const ts = new Date(Date.UTC(2025, 5, 1, 10, i)).toISOString();
      const logged = await client.post('/api/vqso/upsert', { data: { Call: `DL${i}EMB`, TS: ts, Freq: 14074 + i, Mode: 'FT8', Comment: LONG_COMMENT } }, user.token);
      check('vqso/upsert', logged);
      qsoIds.push((JSON.parse(logged.body) as { qdo_id: string }).qdo_id);
    }
    for (let i = 0; i < 12; i += 1) {
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20 * i, g: 100, b: 200 - 10 * i } } }).png().toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), `photo-${i}.png`);
      const res = await fetch(`${url}/api/vuploadphoto`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
      check('vuploadphoto', { status: res.status, body: await res.text() });
    }
    for (let i = 0; i < 8; i += 1) {
      const png = await sharp({ create: { width: 320, height: 256, channels: 3, background: { r: 200, g: 30 * i, b: 40 } } }).png().toBuffer();
      const res = await fetch(`${url}/api/qso/${qsoIds[i]}/sstv?key=${key}`, { method: 'POST', body: new Uint8Array(png), headers: { 'content-type': 'application/octet-stream' } });
      check('sstv', { status: res.status, body: await res.text() });
    }
    check('radio', await client.post('/api/radio', { key, radio: 'IC-7300', frequency: 14074000, mode: 'FT8', op_mode: 2 }));
    // The read models and the live state follow within moments; the embeds do not wait for them.
    const full = (html: string, kind: EmbedKind) =>
      ({ live: html.includes('ON AIR'), last: html.includes('14.074'), photos: (html.match(/<img /g) ?? []).length >= 12, logs: html.includes('DL0EMB'), sstv: (html.match(/<img /g) ?? []).length >= 8 })[kind];
    for (const kind of KINDS) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const res = await client.get(embedPath(kind, user.callsign));
        if (res.status === 200 && full(res.body, kind)) break;
        if (Date.now() > deadline) throw new Error(`${kind} embed never filled: ${res.status} ${res.body.slice(-400)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    return user.callsign;
  } finally {
    client.close();
  }
}

function underLoad(url: string, label: string, path: (reader: number, i: number) => string, expected: number, judged = true) {
  return closedLoopReaders({
    url,
    benchmark: BENCHMARK,
    label,
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    ...(judged ? { p99TargetMs: EMBED_P99_TARGET_MS } : {}),
    send: (client, reader, i) => client.get(path(reader, i)),
    accept: (answer) => answer.status === expected,
  });
}

export async function runEmbeds(): Promise<Figure[]> {
  const server = await serverUnderTest();
  try {
    console.log(`embeds (${machineText()}): ${CONCURRENCY} concurrent readers, ${SECONDS} s per page, uncompressed answers`);
    const callsign = await seedStation(server.url);
    /** A page's path, and its name in the figures (without the callsign). */
    const pageOf = (kind: EmbedKind) => {
      const path = embedPath(kind, callsign);
      return { path, label: path.replace(callsign, '{callsign}') };
    };
    // The floor on this machine: the smallest answer the server gives, through the same middleware.
    const figures: Figure[] = [...(await underLoad(server.url, 'GET /healthz (floor, for comparison)', () => '/healthz', 200, false)).figures];
    for (const kind of KINDS) {
      const { path, label } = pageOf(kind);
      const { figures: latency, bytes } = await underLoad(server.url, label, () => path, 200);
      figures.push(...latency, { benchmark: BENCHMARK, name: `${label} page size`, value: bytes, unit: 'bytes', target: { op: '<', value: EMBED_BYTES_TARGET } });
    }
    // The same readers at a fixed rate.
    const logs = pageOf('logs');
    figures.push(
      await openLoopReaders({ url: server.url, benchmark: BENCHMARK, label: logs.label, rate: OPEN_RATE, seconds: SECONDS, connections: CONCURRENCY, p99TargetMs: EMBED_P99_TARGET_MS, send: (c) => c.get(logs.path) }),
    );
    // The same closed loop from a generator that leaves the server most of the machine.
    if (wrkAvailable()) {
      const wrk = (label: string, path: string, judged: boolean) =>
        wrkReaders({ url: server.url, path, benchmark: BENCHMARK, label, concurrency: CONCURRENCY, seconds: SECONDS, ...(judged ? { p99TargetMs: EMBED_P99_TARGET_MS } : {}) });
      figures.push(...wrk('GET /healthz (floor, for comparison)', '/healthz', false));
      for (const { path, label } of KINDS.map(pageOf)) figures.push(...wrk(label, path, true));
    } else console.log('  wrk is not installed (apt-get install wrk): only the Node generator\'s figures');
    // Every request a different unknown callsign: no reuse, one read of PostgreSQL each.
    const run = Date.now().toString(36).toUpperCase();
    const misses = await underLoad(server.url, '/embed/1/{unknown callsign} (every request a cache miss)', (c, i) => embedPath('logs', `N${run}${c}X${i}`), 404);
    figures.push(...misses.figures);
    return figures;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    printFigures('Embed pages under 100 concurrent readers', await runEmbeds());
  } finally {
    await stopAll();
  }
}
