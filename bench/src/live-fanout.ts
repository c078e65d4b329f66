// Websocket fan-out: WS_CLIENTS (default 10,000) browsers on one instance's /ws; a station reports
// its rig ROUNDS times; each client's delay from the POST /api/radio to the update's arrival.
//   npx tsx bench/src/live-fanout.ts                (starts a server on a fresh data folder)
//   WS_CLIENTS=2000 ROUNDS=10 HAMLOG_URL=http://host:port npx tsx bench/src/live-fanout.ts
// The clients run in this one process, so the figures include their own handling time.
import { HttpClient } from './load';
import { liveBenchServer, registerStations } from './live-helpers';
import { fmtMs, summarize } from './stats';
import { openRawListeners } from './ws-clients';

const CLIENTS = Number(process.env.WS_CLIENTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const TIMEOUT_MS = 5_000;

const server = await liveBenchServer();
const http = new HttpClient(server.url, 4);
try {
  const [station] = await registerStations(server.url, 1);
  // Each round's update carries a new frequency; its bytes in a chunk mark the arrival.
  const waiting = new Map<number, { marker: Buffer; sentAt: number; pending: Set<number>; delays: number[]; done: () => void }>();
  const t0 = performance.now();
  const listeners = await openRawListeners(server.url, CLIENTS, (client, chunk, receivedAt) => {
    for (const round of waiting.values()) {
      if (!round.pending.has(client) || chunk.indexOf(round.marker) < 0) continue;
      round.pending.delete(client);
      round.delays.push(receivedAt - round.sentAt);
      if (round.pending.size === 0) round.done();
    }
  });
  console.log(`${listeners.open()} of ${CLIENTS} websocket clients open in ${fmtMs(performance.now() - t0)}; server RSS ${server.rss()}`);

  const delays: number[] = [];
  let missed = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const khz = 14_000 + round; // a new frequency each round: every report is a change
    const entry = { marker: Buffer.from(`"freq":${khz},`), sentAt: 0, pending: new Set(Array.from({ length: CLIENTS }, (_, i) => i)), delays: [] as number[], done: () => {} };
    const arrived = new Promise<void>((resolve) => (entry.done = resolve));
    waiting.set(khz, entry);
    entry.sentAt = performance.now();
    const res = await http.post('/api/radio', { key: station!.apiKey, radio: 'bench-rig', frequency: String(khz * 1000), mode: 'USB' });
    if (res.status !== 200) throw new Error(`POST /api/radio: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    await Promise.race([arrived, new Promise((r) => setTimeout(r, TIMEOUT_MS))]);
    missed += entry.pending.size;
    delays.push(...entry.delays);
    waiting.delete(khz);
    await new Promise((r) => setTimeout(r, 300));
  }
  const s = summarize(delays);
  console.log(`rig update to ${CLIENTS} clients x ${ROUNDS} rounds: p50 ${fmtMs(s.p50)}, p90 ${fmtMs(s.p90)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)}; ${missed} deliveries missed (> ${TIMEOUT_MS} ms)`);
  console.log(`server RSS with ${listeners.open()} clients open: ${server.rss()}`);
  await listeners.close();
} finally {
  http.close();
  await server.stop();
}
