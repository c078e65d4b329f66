export { EventForwarder } from './forwarder';
export { openStream, type StreamService } from './service';
export { startQsoFactsConsumer, QSO_FACTS_CONSUMER, toQsoFact } from './qso-facts-consumer';
export { stationEventsTopic, streamNamespace, toStationMessage, type StationEventMessage } from './station-events';
export { leaderboardsOfLog, qsoFactsOfLog, rebuildAggregates, type RebuildProgress } from './rebuild-aggregates';
