import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { quoteLiteral } from '../src/postgres/sql-literal';

describe('quoteLiteral', () => {
  it("answers what the driver's escapeLiteral answers", () => {
    const escape = (text: string) => pg.Client.prototype.escapeLiteral.call(null, text);
    const samples = ['', 'plain', "O'Brien", 'back\\slash', "both ' and \\ and ''", '{"name":"Zoë \\"Z\\" O\'Neil","n":1}', '\\', "'"];
    for (let i = 0; i < 200; i += 1) samples.push(Array.from({ length: 12 }, () => "ab'\\\"é "[Math.floor(Math.random() * 8)]).join(''));
    for (const text of samples) expect(quoteLiteral(text)).toBe(escape(text));
  });
});
