import { Kafka, Partitioners, logLevel, type Admin, type IHeaders, type KafkaMessage, type LogEntry, type Producer } from 'kafkajs';
import type {
  ConsumedMessage,
  ConsumerHandle,
  MessageStream,
  OutgoingMessage,
  SubscribeToTopic,
} from '../ports/message-stream';

export interface KafkaMessageStreamOptions {
  brokers: string[];
  clientId: string;
  /** kafkajs log level; defaults to ERROR. */
  logLevel?: logLevel;
  /** Long-poll time of an idle fetch; also bounds how long subscribe()/stop() wait on an idle consumer. */
  maxWaitTimeInMs?: number;
  /**
   * How long the group waits for a silent member before giving its partitions to another (kafkajs
   * default 30 s; the broker's minimum is usually 6 s). A consumer killed mid-batch is replaced after this.
   */
  sessionTimeoutMs?: number;
  /** Called when a handler rejects (the batch is then redelivered). Defaults to a console.warn line. */
  onHandlerError?: (error: unknown, batch: ConsumedMessage[]) => void;
}

const HANDLER_FAILED = Symbol('message-stream handler failed');

/** MessageStream over Kafka (kafkajs): idempotent producer, consumer groups committing after each handled batch. */
export class KafkaMessageStream implements MessageStream {
  private readonly kafka: Kafka;
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private sendQueue: Promise<unknown> = Promise.resolve();
  private readonly handles = new Set<ConsumerHandle>();

  constructor(private readonly options: KafkaMessageStreamOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: options.logLevel ?? logLevel.ERROR,
      logCreator: consoleLogCreator,
    });
  }

  async ensureTopic(topic: string, partitions: number): Promise<void> {
    const admin = await this.connectedAdmin();
    try {
      // Resolves false when the topic already exists.
      await admin.createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true });
    } catch (error) {
      if ((error as { type?: string }).type !== 'TOPIC_ALREADY_EXISTS') throw error;
    }
  }

  publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    // Sends are serialized: kafkajs' idempotent producer is only reliable with one request in flight,
    // and it keeps publish() calls in call order.
    const send = async () => {
      const producer = await this.connectedProducer();
      await producer.send({ topic, acks: -1, messages: messages.map((m) => ({ key: m.key, value: m.value, headers: m.headers })) });
    };
    const result = this.sendQueue.then(send);
    this.sendQueue = result.catch(() => {});
    return result;
  }

  /** Resolves once the group is joined and the starting offsets are resolved (after the first fetch). */
  async subscribe({ groupId, topic, fromBeginning = true, handle }: SubscribeToTopic): Promise<ConsumerHandle> {
    const maxWaitTimeInMs = this.options.maxWaitTimeInMs ?? 500;
    const onHandlerError = this.options.onHandlerError ?? warnHandlerError;
    const sessionTimeout = this.options.sessionTimeoutMs;
    const consumer = this.kafka.consumer({
      groupId,
      maxWaitTimeInMs,
      retry: { initialRetryTime: 200 },
      ...(sessionTimeout ? { sessionTimeout, heartbeatInterval: Math.min(3_000, Math.floor(sessionTimeout / 3)) } : {}),
    });
    const firstFetch = new Promise<void>((resolve, reject) => {
      const offFetch = consumer.on(consumer.events.FETCH, () => { offFetch(); offCrash(); resolve(); });
      const offCrash = consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (!payload.restart) { offFetch(); offCrash(); reject(payload.error); }
      });
    });
    firstFetch.catch(() => {}); // only awaited below; a later crash must not become an unhandled rejection
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning });
      await consumer.run({
        eachBatchAutoResolve: false,
        autoCommitThreshold: 1, // commitOffsetsIfNecessary() below then commits every handled batch
        eachBatch: async ({ batch, resolveOffset, commitOffsetsIfNecessary }) => {
          const messages = batch.messages.map((m) => toConsumed(batch.topic, batch.partition, m));
          if (messages.length === 0) return;
          try {
            await handle(messages);
          } catch (error) {
            onHandlerError(error, messages);
            // Propagating leaves the offsets unresolved: kafkajs retries the fetch (with backoff) from the
            // last resolved offset, or restarts the consumer from the committed one, so the batch comes again.
            throw Object.assign(error instanceof Error ? error : new Error(String(error)), { [HANDLER_FAILED]: true });
          }
          resolveOffset(batch.messages[batch.messages.length - 1]!.offset);
          await commitOffsetsIfNecessary();
        },
      });
      await Promise.race([firstFetch, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    } catch (error) {
      await consumer.disconnect().catch(() => {});
      throw error;
    }

    let stopping: Promise<void> | undefined;
    const consumerHandle: ConsumerHandle = {
      stop: () => (stopping ??= consumer.disconnect().finally(() => { this.handles.delete(consumerHandle); })),
    };
    this.handles.add(consumerHandle);
    return consumerHandle;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.handles].map((h) => h.stop()));
    await this.sendQueue;
    const clients = [this.producer, this.admin];
    this.producer = this.admin = undefined;
    await Promise.allSettled(clients.map(async (client) => (await client)?.disconnect()));
  }

  private connectedProducer(): Promise<Producer> {
    return (this.producer ??= connectOrForget(
      this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner }),
      () => (this.producer = undefined),
    ));
  }

  private connectedAdmin(): Promise<Admin> {
    return (this.admin ??= connectOrForget(this.kafka.admin(), () => (this.admin = undefined)));
  }
}

/** Connects; on failure forgets the cached client so the next call tries again. */
async function connectOrForget<T extends { connect(): Promise<void> }>(client: T, forget: () => void): Promise<T> {
  try {
    await client.connect();
    return client;
  } catch (error) {
    forget();
    throw error;
  }
}

function toConsumed(topic: string, partition: number, m: KafkaMessage): ConsumedMessage {
  return {
    topic,
    partition,
    offset: m.offset,
    key: m.key?.toString() ?? '',
    value: m.value?.toString() ?? '',
    headers: toHeaders(m.headers),
  };
}

function toHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first.toString();
  }
  return out;
}

function warnHandlerError(error: unknown, batch: ConsumedMessage[]): void {
  const first = batch[0]!;
  console.warn(`message-stream: handler failed on ${first.topic}[${first.partition}]@${first.offset}, redelivering: ${String(error)}`);
}

/**
 * One line per kafkajs entry on stderr, minus two kinds of noise: its report of our handler's error
 * (onHandlerError covers it) and Connection's "Response ... <error code>" lines, which kafkajs logs at
 * ERROR even for retriable codes (coordinator loading, rebalancing) and otherwise surfaces as thrown errors.
 */
function consoleLogCreator() {
  return ({ namespace, level, log }: LogEntry) => {
    const { message, error, ...extra } = log as LogEntry['log'] & { error?: unknown };
    if ((error as Record<symbol, unknown> | undefined)?.[HANDLER_FAILED]) return;
    if (namespace === 'Connection' && message.startsWith('Response ')) return;
    const name = level === logLevel.ERROR ? 'ERROR' : level === logLevel.WARN ? 'WARN' : level === logLevel.INFO ? 'INFO' : 'DEBUG';
    console.error(`[kafkajs] ${name} ${namespace}: ${message}`, error ? String(error) : '', JSON.stringify(extra));
  };
}
