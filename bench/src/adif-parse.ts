/**
 * ADIF speed (domain/src/adif): readAdif and AdifStreamReader over a ~100 MB input made of the real
 * fixture files one after the other (6 headers, 8,135 records each round: ~293,000 records),
 * adifRecordToQso on their records, and the writer (qsoToAdifFields + writeAdifRecord) for
 * 1,000,000 QSOs. Each figure is the best of BENCH_ADIF_RUNS runs (default 3); CPU seconds (all
 * threads, the GC's included) are shown beside wall time because the machine is shared.
 *
 *   npm run bench:adif          (= npx tsx bench/src/adif-parse.ts)
 *   BENCH_ADIF_MB=100           (input size)
 *   BENCH_ADIF_RUNS=3
 */
import {
  AdifStreamReader,
  adifRecordToQso,
  qsoToAdifFields,
  readAdif,
  writeAdifHeader,
  writeAdifRecord,
  type AdifQsoResult,
  type AdifRecord,
} from '@hamlog/domain';
import { fixtures } from '../../domain/test/adif/adif-helpers';
import { isMain, machineText, printFigures, type Figure } from './report';

const TARGET_MB = Number(process.env.BENCH_ADIF_MB ?? 100);
const RUNS = Number(process.env.BENCH_ADIF_RUNS ?? 3);
const EXPORT_QSOS = 1_000_000;
const CHUNK = 1 << 20;

interface Timing {
  wall: number;
  cpu: number;
}

function timed<T>(work: () => T): { result: T; timing: Timing } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = work();
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { result, timing: { wall, cpu: (used.user + used.system) / 1e6 } };
}

function best<T>(work: () => T): { result: T; timing: Timing } {
  let out = timed(work);
  for (let i = 1; i < RUNS; i++) {
    const next = timed(work);
    if (next.timing.wall < out.timing.wall) out = next;
  }
  return out;
}

function input(): Uint8Array {
  const files = fixtures().map((f) => f.bytes);
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < TARGET_MB * 1e6) {
    for (const file of files) {
      parts.push(file);
      size += file.length;
    }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function streamed(bytes: Uint8Array): number {
  const reader = new AdifStreamReader();
  let records = 0;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    reader.push(bytes.subarray(at, at + CHUNK));
    records += reader.drain().records.length;
  }
  reader.end();
  return records + reader.drain().records.length;
}

/**
 * The reference: the least a reader in JavaScript can do on this machine (split at '<', slice name
 * and value, no checks, no lines, lengths as bytes): what readAdif's figure compares with.
 */
function naive(bytes: Uint8Array): number {
  const s = new TextDecoder().decode(bytes);
  const records: Record<string, string>[] = [];
  let rec: Record<string, string> = {};
  let p = -1;
  while ((p = s.indexOf('<', p + 1)) >= 0) {
    let i = p + 1;
    while (i < s.length && s.charCodeAt(i) !== 58 && s.charCodeAt(i) !== 62) i++;
    if (s.charCodeAt(i) === 62) {
      records.push(rec);
      rec = {};
      p = i;
      continue;
    }
    const name = s.slice(p + 1, i);
    let length = 0;
    i++;
    while (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) length = length * 10 + s.charCodeAt(i++) - 48;
    while (i < s.length && s.charCodeAt(i) !== 62) i++;
    rec[name] = s.slice(i + 1, i + 1 + length);
    p = i + length;
  }
  return records.length;
}

export function runAdifParseBench(): Figure[] {
  const bytes = input();
  const mb = bytes.length / 1e6;
  const figures: Figure[] = [];
  const note = (t: Timing): string => `wall ${t.wall.toFixed(2)} s, CPU ${t.cpu.toFixed(2)} s`;
  readAdif(bytes.subarray(0, 5e6)); // warm-up

  const whole = best(() => readAdif(bytes));
  const records = whole.result.records;
  figures.push({ benchmark: 'adif', name: `readAdif, ${mb.toFixed(0)} MB (${records.length} records)`, value: mb / whole.timing.wall, unit: 'MB/s', target: { op: '>=', value: 200 }, note: note(whole.timing) });
  whole.result.records = [];

  const reference = best(() => naive(bytes));
  figures.push({ benchmark: 'adif', name: 'reference: naive split at < (no checks, no lines)', value: mb / reference.timing.wall, unit: 'MB/s', note: note(reference.timing) });

  const stream = best(() => streamed(bytes));
  figures.push({ benchmark: 'adif', name: `AdifStreamReader, 1 MiB chunks (${stream.result} records)`, value: mb / stream.timing.wall, unit: 'MB/s', target: { op: '>=', value: 200 }, note: note(stream.timing) });

  const sample: AdifRecord[] = records.slice(0, 300_000);
  records.length = 0;
  const now = new Date();
  const toQso = best(() => sample.map((r) => adifRecordToQso(r, now)));
  figures.push({ benchmark: 'adif', name: `adifRecordToQso (${sample.length} records)`, value: sample.length / toQso.timing.wall, unit: 'records/s', note: note(toQso.timing) });

  const qsos = toQso.result.filter((q): q is Extract<AdifQsoResult, { ok: true }> => q.ok);
  const write = best(() => {
    let size = writeAdifHeader().length;
    let batch: string[] = [];
    for (let i = 0; i < EXPORT_QSOS; i++) {
      const q = qsos[i % qsos.length]!;
      batch.push(writeAdifRecord(qsoToAdifFields(q.fields, q.stationCallsign)));
      if (batch.length === 10_000) {
        size += batch.join('').length;
        batch = [];
      }
    }
    return size + batch.join('').length;
  });
  figures.push({
    benchmark: 'adif',
    name: `writer: qsoToAdifFields + writeAdifRecord, ${EXPORT_QSOS} QSOs (${(write.result / 1e6).toFixed(0)} M characters)`,
    value: EXPORT_QSOS / write.timing.wall,
    unit: 'records/s',
    note: `${note(write.timing)} for 1,000,000`,
  });
  return figures;
}

if (isMain(import.meta.url)) {
  console.log(machineText());
  printFigures('ADIF parse and write', runAdifParseBench());
}
