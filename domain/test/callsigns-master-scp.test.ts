/**
 * Realism check against the Super Check Partial list (../shared/data/country-files/MASTER.SCP):
 * every call there of a well-known prefix pattern must resolve to that entity, unless cty.dat
 * lists the call as an exception. Skipped, with a message naming the file, when ../shared is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dxccDatabase } from '../src/dxcc/database';
import { resolveCallsign } from '../src/dxcc/resolve-callsign';

const masterScp = new URL('../../../shared/data/country-files/MASTER.SCP', import.meta.url);
const available = existsSync(masterScp);
if (!available) console.log(`skipping MASTER.SCP checks: ${masterScp.pathname} not found`);

/** Patterns whose entity is certain (call-area and suffix shapes that cty.dat does not split). */
const RULES: [RegExp, number][] = [
  [/^(K|W|N)[0-9][A-Z]{1,3}$/, 291],
  [/^A[A-G][0-9][A-Z]{1,3}$/, 291],
  [/^V[AE][1-79][A-Z]{1,3}$/, 1],
  [/^(G|M|2E)[0-9][A-Z]{2,3}$/, 223],
  [/^(GM|MM|2M)[0-9][A-Z]{2,3}$/, 279],
  [/^(GW|MW|2W)[0-9][A-Z]{2,3}$/, 294],
  [/^(GI|MI|2I)[0-9][A-Z]{2,3}$/, 265],
  [/^D[A-DF-MO][0-9][A-Z]{1,3}$/, 230],
  [/^F[0-9][A-Z]{1,3}$/, 227],
  [/^I[1-8][A-Z]{1,3}$/, 248],
  [/^I[KZWU][1-8][A-Z]{1,3}$/, 248], // IW0U.. is Sardinia
  [/^E[A-C][1-5][A-Z]{1,3}$/, 281],
  [/^E[A-C]8[A-Z]{1,3}$/, 29],
  [/^E[A-C]6[A-Z]{1,3}$/, 21],
  [/^C[TS][127][A-Z]{1,3}$/, 272], // CS4 and CS8 are the Azores, CT3 and CT9 Madeira
  [/^OH[1-9][A-Z]{1,3}$/, 224],
  [/^OH0[A-Z]{1,3}$/, 5],
  [/^S[A-M][0-7][A-Z]{1,3}$/, 284],
  [/^L[A-B][1-9][A-Z]{1,3}$/, 266],
  [/^OZ[0-9][A-Z]{1,3}$/, 221],
  [/^OK[0-9][A-Z]{1,3}$/, 503],
  [/^OM[0-9][A-Z]{1,3}$/, 504],
  [/^S[PQ][0-9][A-Z]{1,3}$/, 269],
  [/^HA[0-9][A-Z]{1,3}$/, 239],
  [/^YO[0-9][A-Z]{1,3}$/, 275],
  [/^LZ[0-9][A-Z]{1,3}$/, 212],
  [/^U[A-I][1,3-7][A-Z]{1,3}$/, 54],
  [/^U[A-I]0[A-Z]{1,3}$/, 15], // not UA9: UA9F (Perm) and UA9X (Komi) are European Russia
  [/^U[R-Z][0-9][A-Z]{1,3}$/, 288],
  [/^4[XZ][0-9][A-Z]{1,3}$/, 336],
  [/^Z[RS][1-6][A-Z]{1,3}$/, 462],
  [/^P[P-Y][1-9][A-Z]{1,3}$/, 108],
  [/^L[UW][0-9][A-Y][A-Z]{0,2}$/, 100], // LU#Z.. are Argentine bases in Antarctica
  [/^J[AE-S][1-9][A-Z]{1,3}$/, 339], // JD1 is Ogasawara or Minami Torishima
  [/^7[K-N][1-4][A-Z]{1,3}$/, 339],
  [/^VK[1-8][A-Z]{1,3}$/, 150],
  [/^ZL[1-4][A-Z]{1,3}$/, 170],
  [/^(K|N|W|A)H6[A-Z]{1,3}$/, 110],
  [/^(K|N|W|A)L7[A-Z]{1,3}$/, 6],
  [/^(K|N|W)P4[A-Z]{1,3}$/, 202],
  [/^PA[0-9][A-Z]{1,3}$/, 263],
  [/^ON[0-9][A-Z]{1,3}$/, 209],
  [/^HB9[A-Z]{1,3}$/, 287],
  [/^OE[1-9][A-Z]{1,3}$/, 206],
];

describe.skipIf(!available)('resolveCallsign against MASTER.SCP', () => {
  it('resolves every call of a well-known pattern to its entity', () => {
    const { exactCalls } = dxccDatabase();
    const calls = readFileSync(masterScp, 'utf8')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    let checked = 0;
    const wrong: string[] = [];
    for (const call of calls) {
      if (exactCalls.has(call)) continue; // cty.dat says where this one is
      const rule = RULES.find(([pattern]) => pattern.test(call));
      if (!rule) continue;
      checked++;
      const dxcc = resolveCallsign(call)?.dxcc;
      if (dxcc !== rule[1]) wrong.push(`${call}: expected ${rule[1]}, got ${dxcc}`);
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(wrong).toEqual([]);
  });

  it('resolves nearly every call in the list to some entity', () => {
    const calls = readFileSync(masterScp, 'utf8')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const unresolved = calls.filter((call) => resolveCallsign(call) === null);
    expect(unresolved.length / calls.length).toBeLessThan(0.001);
  });
});
