/** The stream's positions live in infra, where the daily awards job (command-api) reads them too. */
export { readPosition, streamMigrations, writePosition, writePositions } from '@hamlog/infra/stream/stream-positions';
