export { EventForwarder } from './forwarder';
export { startStreamPipeline, type StreamPipeline } from './pipeline';
export { startQsoFactsConsumer, QSO_FACTS_CONSUMER, toQsoFact } from './qso-facts-consumer';
export { stationEventsTopic, streamNamespace } from './station-events';
