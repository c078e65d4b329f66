/**
 * The stream service as a part of a server (infra/src/runtime/service-part.ts): the message stream
 * the configuration names, the aggregates store, the consumer that builds it, and the forwarder
 * that feeds it from the event log. Its main.ts serves it alone; the one-process default beside the others.
 */
import { isDurableStream, openAggregates, openMessageStream } from '@hamlog/infra/runtime/adapters';
import type { Foundation } from '@hamlog/infra/runtime/foundation';
import type { ServicePart } from '@hamlog/infra/runtime/service-part';
import { EventForwarder } from './forwarder';
import { QSO_FACTS_CONSUMER, startQsoFactsConsumer } from './qso-facts-consumer';

/** The longest the forwarder waits for the logbook before each batch (the one-process default). */
const LOGBOOK_FIRST_MAX_MS = 2_000;
/** How far behind the log's head the logbook may be for the forwarder to wait for it: a few import chunks. */
const LOGBOOK_FIRST_WITHIN = 50_000;

export interface StreamService extends ServicePart {
  /** How far it has read the log (the projectors' lag gauge shows it in the one-process default). */
  forwarder: EventForwarder;
}

export async function openStream(foundation: Foundation, clientId: string): Promise<StreamService> {
  const { config, logger, store, derivedPool: pool } = foundation;
  const stream = openMessageStream(config, clientId);
  const aggregates = await openAggregates(config, pool);
  const progress = foundation.essentials?.progress;
  // A logbook far behind (rebuilt, or stopped) does not hold the facts back.
  const logbookAt = progress && (async (position: number) => {
    if (progress.position('logbook') >= position - LOGBOOK_FIRST_WITHIN) await progress.waitFor(['logbook'], position, LOGBOOK_FIRST_MAX_MS);
  });
  const forwarder = new EventForwarder(store, stream, pool, { durableStream: isDurableStream(config), consumers: [QSO_FACTS_CONSUMER], logger, logbookAt });
  await forwarder.start(); // creates the topic the consumer subscribes to
  const consumer = await startQsoFactsConsumer(stream, aggregates, pool, logger);
  return {
    forwarder,
    async stop() {
      await forwarder.stop();
      await consumer.stop();
      await stream.close();
      await aggregates.close();
    },
  };
}
