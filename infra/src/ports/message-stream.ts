/** Message stream port: keyed topics, consumer groups with committed offsets, at-least-once delivery. */

export interface OutgoingMessage {
  /** Messages with the same key keep their order (same partition). */
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface ConsumedMessage extends OutgoingMessage {
  topic: string;
  partition: number;
  /** Offset of this message (as a decimal string, like Kafka's). */
  offset: string;
}

export interface ConsumerHandle {
  /** Stops fetching; resolves after the in-flight batch has been handled and committed. */
  stop(): Promise<void>;
}

export interface SubscribeToTopic {
  groupId: string;
  topic: string;
  /** Where a group with no committed offset starts. Defaults to the beginning. */
  fromBeginning?: boolean;
  /**
   * Called with messages in per-key (per-partition) order. Offsets are committed only after the
   * promise resolves; on rejection the batch is delivered again (so handlers must be idempotent).
   */
  handle: (batch: ConsumedMessage[]) => Promise<void>;
}

export interface MessageStream {
  ensureTopic(topic: string, partitions: number): Promise<void>;
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeToTopic): Promise<ConsumerHandle>;
  close(): Promise<void>;
}
