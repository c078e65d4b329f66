// Rig updates end to end: STATIONS companion apps report their rig by POST /api/radio at RATE
// reports per second in total (open loop) for DURATION_S; each report changes the frequency, so
// each is an event. One websocket client on /ws times every report from its due time to the
// public-rig-data message that carries it.
//   npx tsx bench/src/rig-rate.ts                     (RATE=2000 STATIONS=200 DURATION_S=20)
//   RATE=500 HAMLOG_URL=http://host:port npx tsx bench/src/rig-rate.ts
import { hzToKhz } from '@hamlog/domain';
import { HttpClient, openLoop } from './load';
import { liveBenchServer, registerStations } from './live-helpers';
import { fmtMs, fmtRate, quantilePerSlot, summarize } from './stats';
import { openListeners, rigData } from './ws-clients';

const RATE = Number(process.env.RATE ?? 2_000);
const STATIONS = Number(process.env.STATIONS ?? 200);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const WARMUP_S = 3;
const DRAIN_MS = 5_000;

const server = await liveBenchServer();
const http = new HttpClient(server.url, 256);
try {
  const stations = await registerStations(server.url, STATIONS);
  const dueAt = new Map<string, number>();
  const delays: number[] = [];
  let measuring = false;
  const listener = await openListeners(server.url, 1, (_client, frame, receivedAt) => {
    const message = rigData(frame);
    if (!message || message.user.freq === null) return;
    const key = `${message.user.my_callsign}:${message.user.freq}`;
    const due = dueAt.get(key);
    if (due === undefined) return;
    dueAt.delete(key);
    delays.push(receivedAt - due);
  });

  const t0 = performance.now() + 5;
  const result = await openLoop({
    rate: RATE,
    warmupMs: WARMUP_S * 1000,
    durationMs: DURATION_S * 1000,
    onMeasureStart: () => {
      measuring = true;
    },
    send: async (i) => {
      const station = stations[i % stations.length]!;
      const hz = 7_000_000 + Math.floor(i / stations.length) * 10;
      // Due time as the open loop schedules it: t0 + i / rate.
      if (measuring) dueAt.set(`${station.callsign}:${hzToKhz(hz)}`, t0 + (i * 1000) / RATE);
      const res = await http.post('/api/radio', { key: station.apiKey, radio: 'bench-rig', frequency: String(hz), mode: 'USB', op_mode: '1' });
      return res.status;
    },
  });
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  const httpLatency = summarize(result.latenciesMs);
  const endToEnd = summarize(delays);
  const accepted = result.latenciesMs.length;
  console.log(`rig reports: ${fmtRate(accepted / DURATION_S)} accepted of ${fmtRate(RATE)} scheduled over ${DURATION_S} s (${STATIONS} stations); errors: ${result.errors.toString()}`);
  console.log(`POST /api/radio latency from due time: p50 ${fmtMs(httpLatency.p50)}, p99 ${fmtMs(httpLatency.p99)}, max ${fmtMs(httpLatency.max)}`);
  const perSecond = quantilePerSlot(result.latenciesMs, result.dueS, 1, 0.5).map((ms) => Math.round(ms));
  console.log(`POST latency p50 by second of the run (ms): ${perSecond.join(' ')}`);
  console.log(`report to websocket: ${delays.length} of ${accepted} delivered; p50 ${fmtMs(endToEnd.p50)}, p90 ${fmtMs(endToEnd.p90)}, p99 ${fmtMs(endToEnd.p99)}, max ${fmtMs(endToEnd.max)}; ${dueAt.size} not seen within ${DRAIN_MS} ms after the run`);
  console.log(`server RSS after the run: ${server.rss()}`);
  await listener.close();
} finally {
  http.close();
  await server.stop();
}
