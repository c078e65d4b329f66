/**
 * The 1M seed with what the award tracker reads (issue 22): the same station history as seed-1m.ts
 * (the same calls, times, bands and modes), each QSO given, deterministically, the ADIF details a
 * real log of that size carries, in a data folder of its own (BENCH_AWARDS_DIR, default
 * $TMPDIR/hamlog-bench-awards-1m; the plain 1M seed the other benchmarks compare is untouched):
 *
 * - confirmations: our own LoTW upload on 90% of QSOs (LOTW_QSL_SENT=Y), confirmed where the other
 *   station uses LoTW (a trait of the call): about 45% LOTW_QSL_RCVD=Y; paper cards about 8%
 *   (QSL_RCVD=Y, more sent); eQSL about 20% (EQSL_QSL_RCVD=Y, a trait of the call too); QRZ Logbook
 *   about 10% (QRZCOM_QSO_DOWNLOAD_STATUS=Y); each with its date after the QSO;
 * - STATE on the USA's, Alaska's and Hawaii's QSOs (a call keeps its state; weighted roughly by
 *   where US hams live; 3% without a STATE, a few DC);
 * - IOTA on the calls of island stations (about 1% of calls), on the call's continent;
 * - POTA_REF on about 3% (with the stations of 33 countries that have a programme: K-0001 to
 *   K-3000 in the USA, DL-0001 to DL-0250 ..., the low numbers worked most: about 7,500 parks);
 *   MY_POTA_REF (GB-0001 to GB-0030) on the QSOs of a 1 to 3 hour window on 4% of days (our own
 *   activations, most of them past 10 QSOs);
 * - SOTA_REF and WWFF_REF (those countries' KFF-, DLFF- ...) on about 0.5% each;
 * - a GRIDSQUARE on every 6 m and 2 m QSO (the history gives grids to 70% of FT8 QSOs only): 2 m
 *   near home (IO91), 6 m near the worked entity; VUCC_GRIDS (a station on a line) on 2% of those;
 *   PROP_MODE=SAT on 6% of 2 m QSOs (with SAT_NAME, grids far away), RPT (a repeater: not credited)
 *   on 10%, ES on 40% of 6 m.
 *
 * Every detail goes through the edit form's check (editDetails): a value the QSO rules would move
 * to `extra` stops the seed instead.
 *
 *   npx tsx bench/src/seed-awards.ts      (seed, or check the existing seed)
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editDetails, normaliseGridSquare, type QsoFields } from '@hamlog/domain';
import { isMain } from './report';
import { openSeededServer, plainSeed, seedSizeSuffix, type SeedVariant } from './seed-1m';

/** Bump when what withAwardDetails adds changes: a folder seeded before is then seeded again. */
const AWARDS_SEED_VERSION = 1;

export function awardsSeedDir(): string {
  return process.env.BENCH_AWARDS_DIR ?? join(tmpdir(), `hamlog-bench-awards-${seedSizeSuffix()}`);
}

export function awardsSeed(): SeedVariant {
  const plain = plainSeed();
  return {
    name: 'awards',
    dir: awardsSeedDir(),
    version: AWARDS_SEED_VERSION,
    emailPrefix: 'bench-awards',
    decorate: withAwardDetails,
    followers: ['award-progress'],
    vacuumTables: [...plain.vacuumTables, 'rm_award_qsos', 'rm_award_slots'],
  };
}

/** A number in [0, 1) from an integer and a salt (a 32-bit mix): the same on every machine and in any order. */
function unit(n: number, salt: number): number {
  let h = (Math.imul(n | 0, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77)) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** A stable number for a text (FNV-1a), so a call's traits are the same in every QSO with it. */
function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const pick = <T>(list: readonly T[], x: number): T => list[Math.min(list.length - 1, Math.floor(x * list.length))] as T;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Weighted choice: `weights` as [value, weight] pairs. */
function weighted(weights: readonly (readonly [string, number])[], x: number): string {
  const total = weights.reduce((n, [, w]) => n + w, 0);
  let left = x * total;
  for (const [value, w] of weights) if ((left -= w) < 0) return value;
  return weights[weights.length - 1]![0];
}

/** US states (the lower 48; Alaska and Hawaii are entities of their own), roughly by licensed hams. */
const STATE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['CA', 11], ['TX', 8], ['FL', 7], ['NY', 4], ['WA', 4], ['OH', 4], ['PA', 4], ['MI', 3.5], ['NC', 3.5], ['IL', 3],
  ['VA', 3], ['GA', 3], ['AZ', 3], ['CO', 2.5], ['TN', 2.5], ['OR', 2.5], ['MO', 2], ['IN', 2], ['WI', 2], ['MN', 2],
  ['NJ', 2], ['MA', 2], ['AL', 1.5], ['SC', 1.5], ['KY', 1.5], ['OK', 1.5], ['MD', 1.5], ['UT', 1.5], ['LA', 1], ['AR', 1],
  ['KS', 1], ['IA', 1], ['NV', 1], ['NM', 1], ['ID', 1], ['CT', 1], ['MS', 0.8], ['NE', 0.7], ['ME', 0.7], ['NH', 0.7],
  ['WV', 0.7], ['MT', 0.6], ['SD', 0.3], ['ND', 0.25], ['WY', 0.3], ['VT', 0.35], ['RI', 0.3], ['DE', 0.25], ['DC', 0.1],
];

/** IOTA groups per continent (roughly how many each has). */
const IOTA_GROUPS: Readonly<Record<string, number>> = { AF: 100, AN: 20, AS: 200, EU: 190, NA: 250, OC: 300, SA: 100 };
/** Of the QSOs with those entities' stations (about PROGRAMME_QSOS of the history), so that about 3% and 0.5% of all QSOs carry one. */
const PROGRAMME_QSOS = 0.88;
const POTA_SHARE = 0.03 / PROGRAMME_QSOS;
const WWFF_SHARE = 0.005 / PROGRAMME_QSOS;
const SOTA_REGIONS = ['W7W/LC', 'W7W/KG', 'W6/CT', 'W4C/EM', 'W0C/FR', 'G/LD', 'GM/SS', 'GW/NW', 'HB/BE', 'HB/VS', 'OE/TI', 'DL/AL', 'EA2/NV', 'F/AB', 'I/LO', 'S5/JA', 'VK2/HU', 'JA/NN', 'ON/ON', 'SP/BZ'];
const SATELLITES = ['SO-50', 'AO-91', 'RS-44', 'ISS', 'IO-117', 'PO-101'];
/** Home: IO91 (the seeded callsign is an M call). */
const HOME = { lat: 51.5, lon: -1.0 };
const FIRST_DAY_MS = Date.UTC(2021, 0, 1);
const DAY_MS = 86_400_000;

/** The 4-character Maidenhead square of a position. */
function square(lat: number, lon: number): string {
  const x = (((lon + 180) % 360) + 360) % 360;
  const y = Math.min(179.999, Math.max(0, lat + 90));
  const A = 'A'.charCodeAt(0);
  return `${String.fromCharCode(A + Math.floor(x / 20))}${String.fromCharCode(A + Math.floor(y / 10))}${Math.floor((x % 20) / 2)}${Math.floor(y % 10)}`;
}

/** The square east of a square (wrapping round the world), for a station on the line between two. */
function eastOf(grid: string): string {
  const A = 'A'.charCodeAt(0);
  let field = grid.charCodeAt(0) - A;
  let digit = Number(grid[2]) + 1;
  if (digit === 10) {
    digit = 0;
    field = (field + 1) % 18;
  }
  return `${String.fromCharCode(A + field)}${grid[1]}${digit}${grid[3]}`;
}

/**
 * Countries with POTA and WWFF programmes, by DXCC entity: their reference prefix (POTA K-0059,
 * WWFF KFF-0059). References are logged only with these entities' stations.
 */
const REFERENCE_PREFIXES: ReadonlyMap<number, string> = new Map([
  [291, 'K'], [1, 'VE'], [230, 'DL'], [223, 'G'], [227, 'F'], [248, 'I'], [281, 'EA'], [339, 'JA'], [150, 'VK'], [269, 'SP'],
  [503, 'OK'], [263, 'PA'], [209, 'ON'], [206, 'OE'], [287, 'HB'], [284, 'SM'], [224, 'OH'], [108, 'PY'], [100, 'LU'], [54, 'RA'],
  [288, 'UR'], [499, 'S5'], [497, '9A'], [239, 'HA'], [272, 'CT'], [245, 'EI'], [279, 'GM'], [294, 'GW'], [221, 'OZ'], [266, 'LA'],
  [170, 'ZL'], [462, 'ZS'], [50, 'XE'],
]);
/** YYYYMMDD `days` after a 'YYYY-MM-DD...' day. */
function dateAfter(ts: string, days: number): string {
  return new Date(Date.parse(ts.slice(0, 10)) + days * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

/** Our own POTA activation on the day of `ts`, when that day has one and the QSO is within its hours. */
function activation(ts: string): string | null {
  const day = Math.floor((Date.parse(ts.slice(0, 10)) - FIRST_DAY_MS) / DAY_MS);
  if (unit(day, 21) >= 0.04) return null;
  const from = Math.floor(unit(day, 22) * 20) * 3600;
  const to = from + (1 + Math.floor(unit(day, 23) * 3)) * 3600;
  const second = (Date.parse(ts) % DAY_MS) / 1000;
  return second >= from && second < to ? `GB-${pad(1 + Math.floor(unit(day, 24) * 30), 4)}` : null;
}

/** QSO `k` of the history with the details of a real log (see the top of this file). */
export function withAwardDetails(fields: QsoFields, k: number): QsoFields {
  const u = (salt: number) => unit(k, salt);
  const callHash = textHash(fields.call);
  const trait = (salt: number) => unit(callHash, salt);
  const d: Record<string, string> = {};

  if (u(1) < 0.9) {
    d.LOTW_QSL_SENT = 'Y';
    d.LOTW_QSLSDATE = dateAfter(fields.ts, 1 + Math.floor(u(2) * 20));
    if (trait(3) < 0.55 && u(4) < 0.91) {
      d.LOTW_QSL_RCVD = 'Y';
      d.LOTW_QSLRDATE = dateAfter(fields.ts, 2 + Math.floor(u(5) * 120));
    }
  }
  const card = u(6);
  if (card < 0.14) {
    d.QSL_SENT = 'Y';
    d.QSLSDATE = dateAfter(fields.ts, 7 + Math.floor(u(7) * 60));
    d.QSL_SENT_VIA = u(8) < 0.8 ? 'B' : 'D';
    if (card < 0.08) {
      d.QSL_RCVD = 'Y';
      d.QSLRDATE = dateAfter(fields.ts, 60 + Math.floor(u(9) * 300));
      d.QSL_RCVD_VIA = d.QSL_SENT_VIA;
    }
  }
  if (trait(10) < 0.4) {
    d.EQSL_QSL_SENT = 'Y';
    if (u(11) < 0.5) {
      d.EQSL_QSL_RCVD = 'Y';
      d.EQSL_QSLRDATE = dateAfter(fields.ts, 1 + Math.floor(u(12) * 30));
    }
  }
  if (u(13) < 0.1) {
    d.QRZCOM_QSO_DOWNLOAD_STATUS = 'Y';
    d.QRZCOM_QSO_DOWNLOAD_DATE = dateAfter(fields.ts, 1 + Math.floor(u(14) * 60));
  }

  if (fields.dxcc === 291 || fields.dxcc === 6 || fields.dxcc === 110) {
    if (trait(15) < 0.97) d.STATE = fields.dxcc === 6 ? 'AK' : fields.dxcc === 110 ? 'HI' : weighted(STATE_WEIGHTS, trait(16));
  }
  const continent = fields.continent;
  if (trait(17) < 0.01 && continent in IOTA_GROUPS) d.IOTA = `${continent}-${pad(1 + Math.floor(trait(18) * IOTA_GROUPS[continent]!), 3)}`;
  const prefix = REFERENCE_PREFIXES.get(fields.dxcc);
  if (prefix && u(19) < POTA_SHARE) d.POTA_REF = `${prefix}-${pad(1 + Math.floor(u(20) ** 2 * (prefix === 'K' ? 3000 : 250)), 4)}`;
  const activated = activation(fields.ts);
  if (activated) d.MY_POTA_REF = activated;
  if (u(25) < 0.005) d.SOTA_REF = `${pick(SOTA_REGIONS, u(26))}-${pad(1 + Math.floor(u(27) ** 2 * 150), 3)}`;
  if (prefix && u(28) < WWFF_SHARE) d.WWFF_REF = `${prefix}FF-${pad(1 + Math.floor(u(29) ** 2 * (prefix === 'K' ? 2000 : 300)), 4)}`;

  let gridSquare = fields.gridSquare;
  if (fields.band === '2m') {
    const how = u(30);
    const far = how < 0.06;
    if (far) {
      d.PROP_MODE = 'SAT';
      d.SAT_NAME = pick(SATELLITES, u(31));
    } else if (how < 0.16) d.PROP_MODE = 'RPT';
    if (gridSquare === '') gridSquare = square(HOME.lat + (u(32) - 0.5) * (far ? 50 : 6), HOME.lon + (u(33) - 0.5) * (far ? 80 : 10));
  } else if (fields.band === '6m') {
    if (u(30) < 0.4) d.PROP_MODE = 'ES';
    if (gridSquare === '') gridSquare = square((fields.lat ?? HOME.lat) + (u(32) - 0.5) * 6, (fields.lon ?? HOME.lon) + (u(33) - 0.5) * 10);
  }
  if ((fields.band === '2m' || fields.band === '6m') && u(34) < 0.02) {
    const own = gridSquare.slice(0, 4).toUpperCase();
    d.VUCC_GRIDS = `${own},${eastOf(own)}`;
  }

  const checked = editDetails(d);
  if (!checked.ok) throw new Error(`QSO ${k} (${fields.call} ${fields.ts}): details refused ${JSON.stringify(checked.errors)} in ${JSON.stringify(d)}`);
  if (Object.keys(checked.details).length !== Object.keys(d).length) throw new Error(`QSO ${k}: some details dropped: ${JSON.stringify(d)}`);
  const grid = normaliseGridSquare(gridSquare);
  if (grid === null) throw new Error(`QSO ${k}: grid ${gridSquare} refused`);
  return { ...fields, gridSquare: grid, ...(Object.keys(checked.details).length > 0 ? { details: checked.details } : {}) };
}

if (isMain(import.meta.url)) {
  const { server, seed } = await openSeededServer(awardsSeed());
  console.log(`seed ready: ${JSON.stringify(seed.timings)}`);
  await server.stop();
}
