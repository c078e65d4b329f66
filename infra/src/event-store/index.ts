export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store';
export { EventStoreDbEventStore, type EventStoreDbEventStoreOptions } from './eventstoredb-event-store';
export { DuplicateEventIdError } from './append-planner';
