export { EventForwarder } from './forwarder';
export { startStreamPipeline, type StreamPipeline } from './pipeline';
export { startQsoFactsConsumer, QSO_FACTS_CONSUMER, toQsoFact } from './qso-facts-consumer';
export { stationEventsTopic, streamNamespace, toStationMessage } from './station-events';
export { liveStations, startLiveStationsConsumer, LIVE_STATIONS_CONSUMER, LIVE_SWEEP_MS } from './live/live-stations-consumer';
export { leaderboardsOfLog, qsoFactsOfLog, rebuildAggregates, type RebuildProgress } from './rebuild-aggregates';
