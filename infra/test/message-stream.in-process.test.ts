import { describe, expect, it, vi } from 'vitest';
import { InProcessMessageStream } from '../src/message-stream';
import { messageStreamContract } from './message-stream.contract';

messageStreamContract('in-process', async () => {
  const stream = new InProcessMessageStream({ onHandlerError: () => {} });
  return { stream, cleanup: () => stream.close() };
});

describe('in-process stream memory', () => {
  it('frees messages every group has committed, and a later group starts after them', async () => {
    const stream = new InProcessMessageStream({ releaseConsumed: true, defaultPartitions: 1 });
    const seen: string[] = [];
    const consumer = await stream.subscribe({ groupId: 'g1', topic: 't', handle: async (batch) => void seen.push(...batch.map((m) => m.value)) });
    await stream.publish('t', Array.from({ length: 10 }, (_, i) => ({ key: 'k', value: String(i) })));
    await vi.waitFor(() => expect(seen).toHaveLength(10));
    await consumer.stop();
    const internals = stream as unknown as { topics: Map<string, ({ value: string } | undefined)[][]> };
    expect(internals.topics.get('t')?.[0]?.filter((m) => m !== undefined)).toHaveLength(0);

    const later: string[] = [];
    const second = await stream.subscribe({ groupId: 'g2', topic: 't', handle: async (batch) => void later.push(...batch.map((m) => m.value)) });
    await stream.publish('t', [{ key: 'k', value: 'new' }]);
    await vi.waitFor(() => expect(later).toEqual(['new']));
    await second.stop();
    await stream.close();
  });
});
