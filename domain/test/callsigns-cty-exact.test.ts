/**
 * Every exact call ('=' entry) in cty.dat resolves to its own entity's ADIF number, read here
 * independently of the parser from domain/data (cty.dat for the calls, cty.csv for the numbers).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveCallsign } from '../src/dxcc/resolve-callsign';

const dataDir = new URL('../data/country-files/', import.meta.url);
const ctyDat = readFileSync(new URL('cty.dat', dataDir), 'utf8');
const ctyCsv = readFileSync(new URL('cty.csv', dataDir), 'utf8');

const adifByPrimaryPrefix = new Map(
  ctyCsv
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [prefix = '', , adif = ''] = line.split(',');
      return [prefix, Number(adif)] as const;
    }),
);

/** [call, expected ADIF, entity name] for each '=' entry, in file order. */
function exactCalls(): [string, number, string][] {
  const result: [string, number, string][] = [];
  for (const record of ctyDat.split(';')) {
    const header = record.trimStart().split('\n')[0] ?? '';
    const fields = header.split(':');
    if (fields.length < 8) continue;
    const name = fields[0]!.trim();
    const adif = adifByPrimaryPrefix.get(fields[7]!.trim())!;
    const body = record.slice(record.indexOf(header) + header.length);
    for (const token of body.split(',')) {
      const entry = token.trim();
      if (entry.startsWith('=')) result.push([entry.slice(1).replace(/[([<{~].*$/, ''), adif, name]);
    }
  }
  return result;
}

describe('resolveCallsign: every exact call in cty.dat', () => {
  const calls = exactCalls();

  it('reads thousands of exact calls', () => {
    expect(calls.length).toBeGreaterThan(15_000);
  });

  it('resolves each one to its entity', () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const [call, adif, name] of calls) {
      if (seen.has(call)) continue; // listed twice: the first listing wins
      seen.add(call);
      const dxcc = resolveCallsign(call)?.dxcc;
      if (dxcc !== adif) wrong.push(`${call}: expected ${adif} (${name}), got ${dxcc}`);
    }
    expect(wrong).toEqual([]);
  });
});
