import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, ident, quoteString, Sql, sql } from '../src/aggregates/clickhouse-sql';

describe('ClickHouse SQL escaping', () => {
  it('quotes plain strings', () => {
    expect(quoteString('W1AW')).toBe("'W1AW'");
    expect(quoteString('')).toBe("''");
  });

  it('escapes quotes, backslashes and control characters', () => {
    expect(quoteString("O'Brien")).toBe("'O\\'Brien'");
    expect(quoteString('a\\b')).toBe("'a\\\\b'");
    expect(quoteString("\\'")).toBe("'\\\\\\''");
    expect(quoteString('a\nb\rc\td')).toBe("'a\\nb\\rc\\td'");
    expect(quoteString('a\0b')).toBe("'a\\0b'");
  });

  it('keeps unicode as is', () => {
    expect(quoteString('ДЛ1АБЦ 🎉 €')).toBe("'ДЛ1АБЦ 🎉 €'");
  });

  it('neutralises injection attempts', () => {
    expect(sql`SELECT * FROM t WHERE c = ${"x' OR 1=1 --"}`.text).toBe("SELECT * FROM t WHERE c = 'x\\' OR 1=1 --'");
    expect(sql`WHERE c = ${"x\\' OR 1=1 --"}`.text).toBe("WHERE c = 'x\\\\\\' OR 1=1 --'");
    // An unescaped quote could only appear right after an even number of backslashes.
    const text = quoteString("a\\\\'; DROP TABLE t; --\\");
    expect(text.slice(1, -1)).not.toMatch(/(^|[^\\])(\\\\)*'/);
  });

  it('formats numbers and rejects NaN and Infinity', () => {
    expect(formatNumber(42)).toBe('42');
    expect(formatNumber(-1.5)).toBe('-1.5');
    expect(() => formatNumber(Number.NaN)).toThrow();
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => formatNumber(Number.NEGATIVE_INFINITY)).toThrow();
    expect(() => formatNumber('1; DROP TABLE t' as unknown as number)).toThrow();
  });

  it('formats DateTime in UTC to the second', () => {
    expect(formatDateTime(new Date('2024-05-01T12:34:56.789Z'))).toBe('2024-05-01 12:34:56');
    expect(formatDateTime(new Date('2024-05-01T23:30:00+02:00'))).toBe('2024-05-01 21:30:00');
    expect(sql`ts >= ${new Date('2024-05-01T00:00:00Z')}`.text).toBe("ts >= toDateTime('2024-05-01 00:00:00', 'UTC')");
    expect(() => formatDateTime(new Date('nope'))).toThrow();
    expect(() => formatDateTime(new Date('1960-01-01T00:00:00Z'))).toThrow();
  });

  it('accepts only strict identifiers', () => {
    expect(sql`SELECT * FROM ${ident('hamlog_test_1')}.${ident('qso_facts')}`.text).toBe(
      'SELECT * FROM `hamlog_test_1`.`qso_facts`',
    );
    for (const bad of ['', '1abc', 'a-b', 'a.b', 'a`b', 'a b', "a'", 'x; DROP', 'ä']) {
      expect(() => ident(bad), bad).toThrow();
    }
  });

  it('nests sql fragments verbatim but never raw strings', () => {
    const inner = sql`SELECT id FROM t WHERE c = ${"it's"}`;
    expect(sql`SELECT 1 WHERE id IN (${inner})`.text).toBe("SELECT 1 WHERE id IN (SELECT id FROM t WHERE c = 'it\\'s')");
    expect(sql`SELECT ${'SELECT 1'}`.text).toBe("SELECT 'SELECT 1'");
    expect(() => new Sql(Symbol('clickhouse-sql'), 'DROP TABLE t')).toThrow();
    expect(sql`${true}, ${false}`.text).toBe('1, 0');
  });
});
