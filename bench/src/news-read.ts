/**
 * The news under 100 concurrent readers: POST /api/vnews (the first page and a middle one, 12
 * posts each with their authors) and GET /news (the page itself, the built client's shell), p50
 * and p99 over HTTP, beside GET /healthz as the floor of the same server. Seeded with
 * NEWS_BENCH_POSTS posts (default 600) by 10 authors, one in 25 with an image, the others with a
 * YouTube video, through the real form call (/api/vstore with the captcha answered).
 *
 *   npm run bench:news                 (= npx tsx bench/src/news-read.ts; own server on a fresh data folder)
 *   NEWS_BENCH_SECONDS=10              (measured seconds per call, default 10; 1 s warm-up before)
 *   NEWS_BENCH_CONCURRENCY=100         (readers, default 100)
 *   HAMLOG_URL=http://127.0.0.1:8080   (a running server instead of one started here)
 */
import sharp from 'sharp';
import type { HttpClient } from './load';
import { closedLoopReaders, openLoopReaders } from './readers';
import { isMain, machineText, printFigures, type Figure } from './report';
import { serverUnderTest, stopAll } from './server';
import { registerUsers, type BenchUser } from './users';
import { wrkAvailable, wrkReaders } from './wrk';

export const NEWS_P99_TARGET_MS = 20;
const BENCHMARK = 'news-read';
const SECONDS = Number(process.env.NEWS_BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.NEWS_BENCH_CONCURRENCY ?? 100);
const POSTS = Number(process.env.NEWS_BENCH_POSTS ?? 600);
/** The open-loop figure: requests per second, as 100 readers each reloading every 100 ms would send them. */
const OPEN_RATE = Number(process.env.NEWS_BENCH_RATE ?? 1_000);
const AUTHORS = 10;
const BODY = 'A report from the shack: conditions on 20 m were fine tonight, with openings to the west coast and Japan. '.repeat(6);

/** Publishes post `i` as `user` through /api/vstore, answering the captcha the server issues. */
async function publish(url: string, user: BenchUser, i: number, image: Uint8Array | null): Promise<void> {
  const auth = { authorization: `Bearer ${user.token}` };
  const challenge = (await (await fetch(`${url}/api/vpostcaptcha`, { method: 'POST', headers: auth })).json()) as { question: string; token: string };
  const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec(challenge.question) ?? [];
  const form = new FormData();
  form.append('title', `Station report number ${i} from ${user.callsign}`);
  form.append('body', BODY);
  form.append('youtube_video_id', image ? '' : `vid${String(i).padStart(8, '0')}`);
  if (image) form.append('hero_image', new Blob([image], { type: 'image/png' }), 'shack.png');
  form.append('captcha_token', challenge.token);
  form.append('captcha_answer', String(Number(x) + Number(y)));
  form.append('request_id', `bench-${i}`);
  const res = await fetch(`${url}/api/vstore`, { method: 'POST', headers: auth, body: form });
  if (res.status !== 201 && res.status !== 200) throw new Error(`vstore: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
}

async function seed(url: string): Promise<void> {
  const users = await registerUsers(url, AUTHORS);
  const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#336699' } }).png().toBuffer();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < POSTS; i = next++) await publish(url, users[i % AUTHORS]!, i, i % 25 === 0 ? new Uint8Array(png) : null);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  // The read model follows within moments.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = (await (await fetch(`${url}/api/vnews`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":1,"size":12}' })).json()) as { totalPosts: number };
    if (answer.totalPosts >= POSTS) return;
    if (Date.now() > deadline) throw new Error(`only ${answer.totalPosts} of ${POSTS} posts in the news after 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function underLoad(url: string, label: string, send: (client: HttpClient) => Promise<{ status: number; body: string }>, check: (body: string) => boolean): Promise<Figure[]> {
  const { figures } = await closedLoopReaders({
    url,
    benchmark: BENCHMARK,
    label,
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    p99TargetMs: NEWS_P99_TARGET_MS,
    send,
    accept: (answer) => answer.status === 200 && check(answer.body),
  });
  return figures;
}

export async function runNewsRead(): Promise<Figure[]> {
  const server = await serverUnderTest();
  try {
    console.log(`news-read (${machineText()}): ${POSTS} posts, ${CONCURRENCY} concurrent readers, ${SECONDS} s per call, uncompressed answers`);
    await seed(server.url);
    const twelve = (body: string) => (JSON.parse(body) as { posts: unknown[] }).posts.length === 12;
    const middle = Math.ceil(POSTS / 12 / 2);
    const figures = [
      ...(await underLoad(server.url, 'POST /api/vnews page 1', (c) => c.post('/api/vnews', { page: 1, size: 12 }), twelve)),
      ...(await underLoad(server.url, `POST /api/vnews page ${middle}`, (c) => c.post('/api/vnews', { page: middle, size: 12 }), twelve)),
      // What the news page sends for a visitor: served by the fast lane.
      ...(await underLoad(server.url, 'GET /api/vnews page 1', (c) => c.get('/api/vnews?page=1&size=12'), twelve)),
      ...(await underLoad(server.url, 'GET /news (the page)', (c) => c.get('/news'), (body) => body.includes('<div id="root"'))),
      // The floor: the cheapest answer the same server gives under the same load.
      ...(await underLoad(server.url, 'GET /healthz (reference)', (c) => c.get('/healthz'), () => true)),
      // The same readers at a fixed rate.
      await openLoopReaders({ url: server.url, benchmark: BENCHMARK, label: 'POST /api/vnews page 1', rate: OPEN_RATE, seconds: SECONDS, connections: CONCURRENCY, p99TargetMs: NEWS_P99_TARGET_MS, send: (c) => c.post('/api/vnews', { page: 1, size: 12 }) }),
    ];
    // The same closed loop from a generator that leaves the server most of the machine.
    if (!wrkAvailable()) {
      console.log("  wrk is not installed (apt-get install wrk): only the Node generator's figures");
      return figures;
    }
    const wrk = (label: string, path: string, postJson?: unknown) =>
      wrkReaders({ url: server.url, path, benchmark: BENCHMARK, label, concurrency: CONCURRENCY, seconds: SECONDS, p99TargetMs: NEWS_P99_TARGET_MS, ...(postJson ? { postJson } : {}) });
    return [
      ...figures,
      ...wrk('POST /api/vnews page 1', '/api/vnews', { page: 1, size: 12 }),
      ...wrk(`POST /api/vnews page ${middle}`, '/api/vnews', { page: middle, size: 12 }),
      ...wrk('GET /api/vnews page 1', '/api/vnews?page=1&size=12'),
      ...wrk('GET /news (the page)', '/news'),
      ...wrk('GET /healthz (reference)', '/healthz'),
    ];
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    printFigures('News under 100 concurrent readers', await runNewsRead());
  } finally {
    await stopAll();
  }
}
