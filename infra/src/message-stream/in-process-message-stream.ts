import type {
  ConsumedMessage,
  ConsumerHandle,
  MessageStream,
  OutgoingMessage,
  SubscribeToTopic,
} from '../ports/message-stream';

export interface InProcessMessageStreamOptions {
  /** Partitions of topics created implicitly by publish/subscribe (like Kafka's num.partitions). */
  defaultPartitions?: number;
  maxBatchSize?: number;
  /** First redelivery delay after a handler rejection; doubles per consecutive failure. */
  retryBackoffMs?: number;
  maxRetryBackoffMs?: number;
  /** Called when a handler rejects (the batch is then redelivered). */
  onHandlerError?: (error: unknown, batch: ConsumedMessage[]) => void;
  /**
   * Free messages every group of their topic has committed (like Kafka's retention, so a
   * long-running process does not keep every message); a group created later starts after them.
   */
  releaseConsumed?: boolean;
}

interface PartitionCursor {
  committed: number;
  busy: boolean;
  failures: number;
  retryAt: number;
}

/** One consumer group's view of one topic: committed offsets and the members sharing its partitions. */
interface GroupTopic {
  cursors: PartitionCursor[];
  members: Member[];
}

interface Member {
  group: GroupTopic;
  stopped: boolean;
  /** Set by wake(); a member polls again instead of sleeping when something happened meanwhile. */
  woken: boolean;
  wake(): void;
}

/** Kafka-like stream in memory: keyed partitions, consumer groups, at-least-once redelivery. */
export class InProcessMessageStream implements MessageStream {
  private readonly topics = new Map<string, ConsumedMessage[][]>();
  private readonly groups = new Map<string, GroupTopic>();
  /** Per topic and partition: offsets below this were released. */
  private readonly released = new Map<string, number[]>();
  private readonly handles = new Set<ConsumerHandle>();
  private readonly opts: Required<InProcessMessageStreamOptions>;

  constructor(options: InProcessMessageStreamOptions = {}) {
    this.opts = {
      defaultPartitions: 3,
      maxBatchSize: 100,
      retryBackoffMs: 50,
      maxRetryBackoffMs: 1000,
      onHandlerError: () => {},
      releaseConsumed: false,
      ...options,
    };
  }

  async ensureTopic(topic: string, partitions: number): Promise<void> {
    this.partitionsOf(topic, partitions);
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    const partitions = this.partitionsOf(topic);
    for (const m of messages) {
      const partition = hash(m.key) % partitions.length;
      const log = partitions[partition]!;
      log.push({ topic, partition, offset: String(log.length), key: m.key, value: m.value, headers: { ...m.headers } });
    }
    for (const group of this.groups.values()) wakeAll(group);
  }

  async subscribe({ groupId, topic, fromBeginning = true, handle }: SubscribeToTopic): Promise<ConsumerHandle> {
    const partitions = this.partitionsOf(topic);
    const groupKey = `${groupId}\u0000${topic}`;
    let group = this.groups.get(groupKey);
    if (!group) {
      const start = this.released.get(topic) ?? [];
      const cursors = partitions.map((log, p) => ({ committed: fromBeginning ? (start[p] ?? 0) : log.length, busy: false, failures: 0, retryAt: 0 }));
      group = { cursors, members: [] };
      this.groups.set(groupKey, group);
    }
    let wakeUp: (() => void) | undefined;
    const member: Member = { group, stopped: false, woken: false, wake: () => { member.woken = true; wakeUp?.(); } };
    group.members.push(member);

    const loop = (async () => {
      while (!member.stopped) {
        member.woken = false;
        const worked = await this.pollOnce(member, partitions, handle);
        if (worked || member.woken || member.stopped) continue;
        const now = Date.now();
        const retries = group.cursors.map((c) => c.retryAt).filter((t) => t > now);
        const waitMs = retries.length ? Math.min(...retries) - now : 1000;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          wakeUp = () => { clearTimeout(timer); resolve(); };
        });
        wakeUp = undefined;
      }
    })();

    const consumer: ConsumerHandle = {
      stop: async () => {
        member.stopped = true;
        member.wake();
        await loop;
        group.members.splice(group.members.indexOf(member), 1);
        wakeAll(group);
        this.handles.delete(consumer);
      },
    };
    this.handles.add(consumer);
    return consumer;
  }

  async close(): Promise<void> {
    await Promise.all([...this.handles].map((h) => h.stop()));
  }

  /** Handles at most one batch per assigned partition; returns whether anything was delivered. */
  private async pollOnce(member: Member, partitions: ConsumedMessage[][], handle: SubscribeToTopic['handle']): Promise<boolean> {
    const { group } = member;
    let worked = false;
    for (let p = 0; p < partitions.length && !member.stopped; p++) {
      // Partition p belongs to one member at a time (round-robin); busy guards the hand-over.
      if (group.members[p % group.members.length] !== member) continue;
      const cursor = group.cursors[p]!;
      const log = partitions[p]!;
      if (cursor.busy || cursor.committed >= log.length || cursor.retryAt > Date.now()) continue;
      const batch = log.slice(cursor.committed, cursor.committed + this.opts.maxBatchSize).map((m) => ({ ...m, headers: { ...m.headers } }));
      cursor.busy = true;
      worked = true;
      try {
        await handle(batch);
        cursor.committed += batch.length;
        cursor.failures = 0;
        cursor.retryAt = 0;
        if (this.opts.releaseConsumed && batch[0]) this.release(batch[0].topic, p, log);
      } catch (error) {
        this.opts.onHandlerError(error, batch);
        cursor.failures++;
        const backoff = this.opts.retryBackoffMs * 2 ** (cursor.failures - 1);
        cursor.retryAt = Date.now() + Math.min(backoff, this.opts.maxRetryBackoffMs);
      } finally {
        cursor.busy = false;
        wakeAll(group); // a member that was handed this partition mid-batch can take it now
      }
    }
    return worked;
  }

  private release(topic: string, partition: number, log: ConsumedMessage[]): void {
    let lowest = Infinity;
    for (const [key, group] of this.groups) {
      if (key.endsWith(`\u0000${topic}`)) lowest = Math.min(lowest, group.cursors[partition]?.committed ?? 0);
    }
    const released = this.released.get(topic) ?? [];
    this.released.set(topic, released);
    // Slots stay (offsets are indexes) but lose their message.
    for (let i = released[partition] ?? 0; i < lowest; i++) log[i] = undefined as unknown as ConsumedMessage;
    released[partition] = Math.max(released[partition] ?? 0, lowest);
  }

  private partitionsOf(topic: string, count = this.opts.defaultPartitions): ConsumedMessage[][] {
    let partitions = this.topics.get(topic);
    if (!partitions) {
      partitions = Array.from({ length: Math.max(1, count) }, () => []);
      this.topics.set(topic, partitions);
    }
    return partitions;
  }
}

function wakeAll(group: GroupTopic): void {
  for (const member of group.members) member.wake();
}

/** FNV-1a over the key's UTF-16 code units: stable, so a key always maps to the same partition. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
