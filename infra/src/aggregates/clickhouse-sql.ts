/**
 * The only place values become ClickHouse SQL text. ClickHouse 18.16 has no query parameters,
 * so every value goes through `sql` (or the helpers it uses); never concatenate raw values.
 */

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export class Identifier {
  constructor(readonly name: string) {
    if (!IDENT.test(name)) throw new Error(`invalid ClickHouse identifier: ${JSON.stringify(name)}`);
  }
}

/** A database, table or column name, checked against a strict pattern. */
export function ident(name: string): Identifier {
  return new Identifier(name);
}

const STRING_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\0': '\\0',
};

export function quoteString(value: string): string {
  return `'${value.replace(/[\\'\n\r\t\0]/g, (c) => STRING_ESCAPES[c]!)}'`;
}

export function formatNumber(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`not a finite number: ${String(value)}`);
  return String(value);
}

/** 'YYYY-MM-DD hh:mm:ss' in UTC (second precision: DateTime has no fractions). */
export function formatDateTime(value: Date): string {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new Error('invalid Date');
  const year = value.getUTCFullYear();
  if (year < 1970 || year > 2105) throw new Error(`Date outside ClickHouse DateTime range: ${value.toISOString()}`);
  return value.toISOString().slice(0, 19).replace('T', ' ');
}

const TRUSTED = Symbol('clickhouse-sql');

/** SQL text built by `sql` only, so it can be nested in another `sql` as is. */
export class Sql {
  constructor(
    token: symbol,
    readonly text: string,
  ) {
    if (token !== TRUSTED) throw new Error('Sql is created by the sql`` tag only');
  }
}

export type SqlValue = string | number | boolean | Date | Identifier | Sql;

export function literal(value: SqlValue): string {
  if (value instanceof Sql) return value.text;
  if (value instanceof Identifier) return `\`${value.name}\``;
  if (value instanceof Date) return `toDateTime(${quoteString(formatDateTime(value))}, 'UTC')`;
  if (typeof value === 'string') return quoteString(value);
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  throw new Error(`unsupported SQL value: ${typeof value}`);
}

/** Values separated by commas, for `IN (${sqlList(ids)})` or an array `[${sqlList(xs)}]`; never empty. */
export function sqlList(values: readonly SqlValue[]): Sql {
  if (values.length === 0) throw new Error('an SQL list needs at least one value');
  return new Sql(TRUSTED, values.map(literal).join(', '));
}

/** Tagged template: sql`SELECT * FROM ${ident('t')} WHERE a = ${value}`; `.text` is the query. */
export function sql(strings: TemplateStringsArray, ...values: SqlValue[]): Sql {
  return new Sql(
    TRUSTED,
    strings.reduce((out, part, i) => out + part + (i < values.length ? literal(values[i]!) : ''), ''),
  );
}

/** Versions of a recount (ReplacingMergeTree's version column): later recounts win, also across processes (clock based). */
let lastComputed = 0;
export function nextComputed(): number {
  lastComputed = Math.max(lastComputed + 1, Date.now() * 1000);
  return lastComputed;
}
