import { contestExchangeOf, type QsoFields } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { AggregatesStore, QsoFact } from '@hamlog/infra/ports/aggregates';
import type { ConsumedMessage, ConsumerHandle, MessageStream } from '@hamlog/infra/ports/message-stream';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { advanceCheckpoint } from '@hamlog/infra/checkpoints/highest-applied';
import { QSO_FACTS_POSITION } from '@hamlog/infra/stream/stream-positions';
import { stationEventsTopic, streamNamespace, type StationEventMessage } from './station-events';

export const QSO_FACTS_CONSUMER = QSO_FACTS_POSITION;
/** Its Kafka consumer group (renamed with QSO_FACTS_POSITION). */
export const qsoFactsGroupId = (): string => `${streamNamespace()}.aggregates-qso-facts-v3`;

interface QsoData {
  qdoId: string;
  /** Events written before a field existed lack it. */
  fields?: Partial<QsoFields> & Pick<QsoFields, 'ts' | 'band' | 'mode' | 'call' | 'freqHz'>;
}

/** A QSO event as a fact for the aggregates; null for events that do not change counts. */
export function toQsoFact(message: StationEventMessage): QsoFact | null {
  const data = message.data as QsoData;
  const base = {
    qdoId: data.qdoId,
    stationUserId: message.stationUserId,
    stationCallsign: message.stationCallsign,
    version: message.position,
    uploadedAt: new Date(message.createdAt),
  };
  switch (message.type) {
    case 'QsoLogged':
    case 'QsoUpdated':
    case 'QsoRestored':
      if (!data.fields) return null;
      return {
        ...base,
        ts: new Date(data.fields.ts),
        band: data.fields.band,
        mode: data.fields.mode,
        subMode: data.fields.subMode ?? '',
        call: data.fields.call,
        freqHz: data.fields.freqHz,
        contestName: data.fields.contestName ?? '',
        dxcc: data.fields.dxcc ?? 0,
        continent: data.fields.continent ?? '',
        exchange: contestExchangeOf(data.fields),
        deleted: false,
      };
    case 'QsoDeleted':
      return { ...base, ts: new Date(0), band: '', mode: '', subMode: '', call: '', freqHz: 0, contestName: '', dxcc: 0, continent: '', deleted: true };
    default:
      return null;
  }
}

/**
 * Builds the QSO-per-station-per-hour aggregates. Facts carry their event position as version,
 * so a redelivered batch changes nothing (at-least-once delivery, exactly-once effect).
 */
export async function startQsoFactsConsumer(
  stream: MessageStream,
  aggregates: AggregatesStore,
  pool: Pool,
  logger?: Logger,
): Promise<ConsumerHandle> {
  return stream.subscribe({
    groupId: qsoFactsGroupId(),
    topic: stationEventsTopic(),
    fromBeginning: true,
    handle: async (batch: ConsumedMessage[]) => {
      const messages = batch.map((m) => JSON.parse(m.value) as StationEventMessage);
      const facts = messages.map(toQsoFact).filter((f): f is QsoFact => f !== null);
      if (facts.length > 0) await aggregates.recordQsoFacts(facts);
      const highest = Math.max(0, ...messages.map((m) => m.position));
      if (highest > 0) await advanceCheckpoint(pool, QSO_FACTS_CONSUMER, highest);
      logger?.debug({ facts: facts.length }, 'qso facts recorded');
    },
  });
}
