export { PostgresAggregates } from './postgres-aggregates';
export { ClickHouseAggregates, type ClickHouseAggregatesOptions } from './clickhouse-aggregates';
export { formatDateTime, formatNumber, ident, literal, quoteString, sql, Sql, type SqlValue } from './clickhouse-sql';
