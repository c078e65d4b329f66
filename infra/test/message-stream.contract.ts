import { afterEach, describe, expect, it } from 'vitest';
import type { ConsumedMessage, ConsumerHandle, MessageStream, OutgoingMessage, SubscribeToTopic } from '../src/ports/message-stream';

export interface MessageStreamFixture {
  stream: MessageStream;
  cleanup(): Promise<void>;
}

export interface MessageStreamContractOptions {
  /** Committed offsets outlive the instance (a new instance = a process restart). */
  durable?: boolean;
  /** Deadline for each wait for deliveries. */
  waitMs?: number;
}

/** Behaviour every MessageStream adapter must show; `make` returns a fresh instance on shared storage. */
export function messageStreamContract(
  name: string,
  make: () => Promise<MessageStreamFixture>,
  { durable = false, waitMs = 20_000 }: MessageStreamContractOptions = {},
): void {
  describe(`MessageStream contract: ${name}`, () => {
    const fixtures: MessageStreamFixture[] = [];
    const consumers: ConsumerHandle[] = [];

    afterEach(async () => {
      await Promise.all(consumers.splice(0).map((c) => c.stop()));
      await Promise.all(fixtures.splice(0).map((f) => f.cleanup()));
    });

    async function open(): Promise<MessageStream> {
      const fixture = await make();
      fixtures.push(fixture);
      return fixture.stream;
    }

    async function subscribe(stream: MessageStream, options: SubscribeToTopic): Promise<ConsumerHandle> {
      const consumer = await stream.subscribe(options);
      consumers.push(consumer);
      return consumer;
    }

    /** Subscribes a handler that records every delivery. */
    async function collect(stream: MessageStream, topic: string, groupId: string, fromBeginning?: boolean) {
      const got: ConsumedMessage[] = [];
      const consumer = await subscribe(stream, { topic, groupId, fromBeginning, handle: async (batch) => void got.push(...batch) });
      return { got, consumer };
    }

    async function until(what: string, done: () => boolean): Promise<void> {
      const deadline = Date.now() + waitMs;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out after ${waitMs} ms waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    async function newTopic(stream: MessageStream, partitions = 3): Promise<string> {
      const topic = `contract-${uid()}`;
      await stream.ensureTopic(topic, partitions);
      return topic;
    }

    it('delivers published messages with keys, values and headers intact', async () => {
      const stream = await open();
      const topic = await newTopic(stream);
      const sent: OutgoingMessage[] = Array.from({ length: 30 }, (_, i) => ({
        key: `key-${i % 7}`,
        value: JSON.stringify({ i, text: `héllo ${i}` }),
        headers: { 'message-id': `m-${i}`, 'content-type': 'application/json' },
      }));
      sent.push({ key: 'no-headers', value: 'plain' });
      await stream.publish(topic, sent);

      const { got } = await collect(stream, topic, `g-${uid()}`);
      await until('all messages', () => got.length >= sent.length);

      expect(got).toHaveLength(sent.length);
      const byValue = new Map(got.map((m) => [m.value, m]));
      for (const m of sent) {
        const received = byValue.get(m.value);
        expect(received).toMatchObject({ topic, key: m.key, value: m.value, headers: m.headers ?? {} });
        expect(received!.offset).toMatch(/^\d+$/);
      }
    });

    it('keeps the order of each key (20 keys x 50 messages, interleaved)', async () => {
      const stream = await open();
      const topic = await newTopic(stream);
      const keys = Array.from({ length: 20 }, (_, k) => `key-${k}`);
      const all = Array.from({ length: 50 }, (_, seq) => keys.map((key) => ({ key, value: String(seq) }))).flat();
      for (let i = 0; i < all.length; i += 100) await stream.publish(topic, all.slice(i, i + 100));

      const { got } = await collect(stream, topic, `g-${uid()}`);
      await until('all messages', () => got.length >= all.length);

      const seen = new Map<string, number[]>();
      for (const m of got) seen.set(m.key, [...(seen.get(m.key) ?? []), Number(m.value)]);
      const expected = Array.from({ length: 50 }, (_, seq) => seq);
      for (const key of keys) expect(seen.get(key), key).toEqual(expected);
      const partitionOf = new Map<string, number>();
      for (const m of got) {
        expect(partitionOf.get(m.key) ?? m.partition, `${m.key} stays on one partition`).toBe(m.partition);
        partitionOf.set(m.key, m.partition);
      }
    });

    it('resumes a group from its committed offsets with a new consumer', async () => {
      const stream = await open();
      const topic = await newTopic(stream);
      const groupId = `g-${uid()}`;
      await stream.publish(topic, values('before', 12));
      const first = await collect(stream, topic, groupId);
      await until('the first consumer to handle everything', () => first.got.length >= 12);
      await first.consumer.stop();

      await stream.publish(topic, values('after', 12));
      const second = await collect(stream, topic, groupId);
      // Per partition, an uncommitted 'before' message would come ahead of the 'after' ones.
      await until('the new consumer to get the later messages', () => second.got.length >= 12);
      expect(second.got.map((m) => m.value).sort()).toEqual(values('after', 12).map((m) => m.value).sort());
    });

    if (durable) {
      it('resumes a group from its committed offsets in a new MessageStream instance', async () => {
        const before = await open();
        const topic = await newTopic(before);
        const groupId = `g-${uid()}`;
        await before.publish(topic, values('before', 12));
        const first = await collect(before, topic, groupId);
        await until('the first consumer to handle everything', () => first.got.length >= 12);
        await first.consumer.stop();
        await before.close();

        const after = await open();
        await after.publish(topic, values('after', 12));
        const second = await collect(after, topic, groupId);
        await until('the new instance to get the later messages', () => second.got.length >= 12);
        expect(second.got.map((m) => m.value).sort()).toEqual(values('after', 12).map((m) => m.value).sort());
      });
    }

    it('redelivers a batch whose handler rejected, losing nothing (at-least-once)', async () => {
      const stream = await open();
      const topic = await newTopic(stream);
      const sent = values('m', 40);
      await stream.publish(topic, sent);

      let failed: ConsumedMessage[] | undefined;
      const handled: ConsumedMessage[] = [];
      await subscribe(stream, {
        topic,
        groupId: `g-${uid()}`,
        handle: async (batch) => {
          if (!failed) {
            failed = batch;
            throw new Error('transient failure');
          }
          handled.push(...batch);
        },
      });
      const handledValues = () => new Set(handled.map((m) => m.value));
      await until('every message to be handled', () => handledValues().size >= sent.length);

      expect(handledValues()).toEqual(new Set(sent.map((m) => m.value)));
      const redelivered = new Set(handled.map((m) => `${m.partition}:${m.offset}`));
      for (const m of failed!) expect(redelivered.has(`${m.partition}:${m.offset}`)).toBe(true);
    });

    it('gives an idempotent handler exactly-once effects despite redeliveries', async () => {
      const stream = await open();
      const topic = await newTopic(stream);
      const sent = values('m', 60).map((m, i) => ({ ...m, headers: { 'message-id': `id-${i}` } }));
      await stream.publish(topic, sent);

      const effects = new Map<string, number>();
      let deliveries = 0;
      let failures = 0;
      await subscribe(stream, {
        topic,
        groupId: `g-${uid()}`,
        handle: async (batch) => {
          deliveries += batch.length;
          for (const [i, m] of batch.entries()) {
            // Fail halfway through the first few batches, after part of their effects were applied.
            if (failures < 3 && batch.length > 1 && i === Math.floor(batch.length / 2)) {
              failures++;
              throw new Error('crash mid-batch');
            }
            const id = m.headers!['message-id']!;
            if (!effects.has(id)) effects.set(id, 1);
          }
        },
      });
      await until('every effect', () => effects.size >= sent.length);

      expect(failures).toBeGreaterThan(0);
      expect(deliveries).toBeGreaterThan(sent.length);
      expect([...effects.values()].every((n) => n === 1)).toBe(true);
      expect(new Set(effects.keys())).toEqual(new Set(sent.map((m) => m.headers['message-id'])));
    });

    it('delivers every message to each of two groups', async () => {
      const stream = await open();
      const topic = await newTopic(stream);
      const sent = values('m', 30);
      await stream.publish(topic, sent);

      const a = await collect(stream, topic, `a-${uid()}`);
      const b = await collect(stream, topic, `b-${uid()}`);
      await until('both groups to get everything', () => a.got.length >= sent.length && b.got.length >= sent.length);
      const expected = sent.map((m) => m.value).sort();
      expect(a.got.map((m) => m.value).sort()).toEqual(expected);
      expect(b.got.map((m) => m.value).sort()).toEqual(expected);
    });

    it('shares the partitions among the consumers of one group', async () => {
      const stream = await open();
      const topic = await newTopic(stream);
      const groupId = `g-${uid()}`;
      const a = await collect(stream, topic, groupId);
      const b = await collect(stream, topic, groupId);
      const sent = values('m', 60);
      await stream.publish(topic, sent);

      await until('all messages', () => a.got.length + b.got.length >= sent.length);
      expect(a.got.length).toBeGreaterThan(0);
      expect(b.got.length).toBeGreaterThan(0);
      expect([...a.got, ...b.got].map((m) => m.value).sort()).toEqual(sent.map((m) => m.value).sort());
      const partitionsOfA = new Set(a.got.map((m) => m.partition));
      expect(b.got.some((m) => partitionsOfA.has(m.partition))).toBe(false);
    });

    it('starts a new group at the end of the topic when fromBeginning is false', async () => {
      const stream = await open();
      const topic = await newTopic(stream);
      await stream.publish(topic, values('old', 10));
      const { got } = await collect(stream, topic, `g-${uid()}`, false);
      await stream.publish(topic, values('new', 10));

      await until('the new messages', () => got.length >= 10);
      expect(got.map((m) => m.value).sort()).toEqual(values('new', 10).map((m) => m.value).sort());
    });
  });
}

function uid(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** n messages spread over several keys, valued `${prefix}-${i}`. */
function values(prefix: string, n: number): OutgoingMessage[] {
  return Array.from({ length: n }, (_, i) => ({ key: `key-${i % 9}`, value: `${prefix}-${i}` }));
}
