export { EventForwarder } from './forwarder';
export { startQsoFactsConsumer, QSO_FACTS_CONSUMER, toQsoFact } from './qso-facts-consumer';
export { STATION_EVENTS_TOPIC } from './station-events';
