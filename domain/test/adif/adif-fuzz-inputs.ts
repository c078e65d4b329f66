/**
 * Inputs for fuzzing the ADIF reader (the CI test and bench/src/adif-fuzz.ts): pieces of the real
 * files mutated (bytes flipped, cut, '<' inserted, huge lengths, tags duplicated, multi-byte
 * characters broken...) and token soups made from scratch. Deterministic for a seed.
 */
import {
  adifRecordToQso,
  readAdif,
  writeAdifRecord,
  type AdifProblem,
  type AdifReadResult,
  type AdifRecord,
} from '../../src/adif';
import { random, readInChunks } from './adif-helpers';

const encoder = new TextEncoder();

const TOKENS = [
  '<',
  '>',
  ':',
  '<EOR>',
  '<eor>',
  '<EOH>',
  '<CALL:4>',
  '<CALL:6>DL1ABC',
  '<NAME:5>José',
  '<NAME:4>José',
  '<QSO_DATE:8>20250131',
  '<TIME_ON:4>1234',
  '<FREQ:6>14.074',
  '<BAND:3>20m',
  '<MODE:5>PSK31',
  '<COMMENT:9999999999>',
  '<X:2147483648>',
  '<A:1:',
  '<USERDEF1:14:E>X,{A,B}',
  '<APP_X_Y:1>z',
  '\n',
  '\r\n',
  ' ',
  'é',
  '山',
  '😀',
  '\u00e9',
  'abc',
  '0',
  '99',
];

const TOKEN_BYTES = TOKENS.map((t) => encoder.encode(t));
const ODD_BYTES = [0x3c, 0x3e, 0x3a, 0x0a, 0x0d, 0x00, 0x80, 0xbf, 0xc3, 0xe5, 0xf0, 0xff, 0xef, 0xbb];

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export class AdifFuzzInputs {
  private readonly next: () => number;
  private readonly sources: Uint8Array[];
  private readonly starts: number[][];

  constructor(sources: Uint8Array[], seed: number) {
    this.next = random(seed);
    this.sources = sources;
    // Where tags begin in each source: pieces start there (or anywhere, sometimes).
    this.starts = sources.map((bytes) => {
      const at: number[] = [];
      for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x3c) at.push(i);
      return at;
    });
  }

  private int(max: number): number {
    return Math.floor(this.next() * max);
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** A piece of a real file, 1 to 800 bytes, mostly under 200 (rarely a whole file). */
  private piece(): Uint8Array {
    const k = this.int(this.sources.length);
    const bytes = this.sources[k]!;
    if (this.int(20_000) === 0) return bytes.slice();
    const starts = this.starts[k]!;
    const start = this.int(4) === 0 || starts.length === 0 ? this.int(bytes.length) : this.pick(starts);
    return bytes.slice(start, Math.min(bytes.length, start + 1 + this.int(this.int(4) === 0 ? 800 : 200)));
  }

  private soup(): Uint8Array {
    const parts: Uint8Array[] = [];
    const count = 1 + this.int(40);
    for (let i = 0; i < count; i++) parts.push(this.int(8) === 0 ? Uint8Array.of(this.int(256)) : this.pick(TOKEN_BYTES));
    return concat(parts);
  }

  private mutate(input: Uint8Array): Uint8Array {
    let bytes = input;
    const rounds = 1 + this.int(4);
    for (let r = 0; r < rounds && bytes.length > 0; r++) {
      const at = this.int(bytes.length + 1);
      switch (this.int(9)) {
        case 0: {
          // flip bytes
          bytes = bytes.slice();
          for (let k = 1 + this.int(4); k > 0; k--) bytes[this.int(bytes.length)] = this.int(3) === 0 ? this.pick(ODD_BYTES) : this.int(256);
          break;
        }
        case 1:
          bytes = bytes.slice(0, at); // truncate
          break;
        case 2:
          bytes = concat([bytes.subarray(0, at), Uint8Array.of(0x3c), bytes.subarray(at)]); // insert '<'
          break;
        case 3: {
          // a huge (or wrong) length in place of a tag's length
          const colon = bytes.indexOf(0x3a, at);
          if (colon < 0) break;
          let end = colon + 1;
          while (end < bytes.length && bytes[end]! >= 0x30 && bytes[end]! <= 0x39) end++;
          const length = this.pick(['0', '1', '7', '99', '65536', '2147483647', '4294967296', '99999999999999999999', String(this.int(200))]);
          bytes = concat([bytes.subarray(0, colon + 1), encoder.encode(length), bytes.subarray(end)]);
          break;
        }
        case 4: {
          // duplicate a tag and its value somewhere else
          const lt = bytes.indexOf(0x3c, at);
          if (lt < 0) break;
          const nextLt = bytes.indexOf(0x3c, lt + 1);
          const copy = bytes.slice(lt, nextLt < 0 ? bytes.length : nextLt);
          const to = this.int(bytes.length + 1);
          bytes = concat([bytes.subarray(0, to), copy, bytes.subarray(to)]);
          break;
        }
        case 5:
          bytes = concat([bytes.subarray(0, at), this.pick(TOKEN_BYTES), bytes.subarray(at)]); // insert a token
          break;
        case 6: {
          const length = this.int(20);
          bytes = concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + length))]); // delete
          break;
        }
        case 7:
          bytes = concat([Uint8Array.of(0xef, 0xbb, 0xbf), bytes]); // BOM
          break;
        default:
          bytes = concat([bytes, this.piece()]); // glue another piece
      }
    }
    return bytes;
  }

  /** The next input. */
  input(): Uint8Array {
    const kind = this.int(10);
    if (kind === 0) return this.soup();
    if (kind === 1) return this.mutate(this.soup());
    if (kind === 2) return Uint8Array.from({ length: this.int(64) }, () => this.int(256));
    return this.mutate(this.piece());
  }

  /** Random chunk sizes for the stream reader. */
  chunkSize(): number {
    return 1 + this.int(this.int(2) === 0 ? 8 : 200);
  }
}

function lineCount(bytes: Uint8Array): number {
  let lines = 1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) lines++;
  return lines;
}

function checkProblem(problem: AdifProblem, lines: number): string | null {
  if (typeof problem.message !== 'string' || problem.message.trim() === '') return 'a problem without message';
  if (!Number.isInteger(problem.line) || problem.line < 1 || problem.line > lines) return `a problem on line ${problem.line} of ${lines}`;
  return null;
}

function checkRecord(record: AdifRecord, lines: number): string | null {
  if (!Number.isInteger(record.line) || record.line < 1 || record.line > lines) return `a record on line ${record.line} of ${lines}`;
  if ((record.fields.CALL ?? '').trim() === '') return 'a record without CALL';
  return null;
}

function sameResult(a: AdifReadResult, b: AdifReadResult): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface FuzzStats {
  inputs: number;
  bytes: number;
  records: number;
  problems: number;
  streamed: number;
  rewritten: number;
  slowestMs: number;
  failures: string[];
}

const NOW = new Date('2026-01-01T00:00:00Z');

/**
 * Runs `count` inputs (or until `deadline`, a performance.now() time). Every input: readAdif must not
 * throw, every problem must have a message and a line within the input, every record a CALL; one
 * in `streamEvery` is also read chunk by chunk (same result required), one in `rewriteEvery` has its
 * records written and read again (same fields required) and turned into QSOs (no throw, a message
 * for each refusal).
 */
export function runAdifFuzz(
  gen: AdifFuzzInputs,
  options: { count: number; deadline?: number; streamEvery?: number; rewriteEvery?: number },
): FuzzStats {
  const stats: FuzzStats = { inputs: 0, bytes: 0, records: 0, problems: 0, streamed: 0, rewritten: 0, slowestMs: 0, failures: [] };
  const streamEvery = options.streamEvery ?? 50;
  const rewriteEvery = options.rewriteEvery ?? 20;
  const fail = (input: Uint8Array, why: string): void => {
    if (stats.failures.length < 20) stats.failures.push(`${why}: ${JSON.stringify(new TextDecoder('latin1').decode(input.slice(0, 300)))}`);
  };
  for (let i = 0; i < options.count; i++) {
    if (options.deadline !== undefined && (i & 1023) === 0 && performance.now() > options.deadline) break;
    const input = gen.input();
    stats.inputs++;
    stats.bytes += input.length;
    const started = performance.now();
    let result: AdifReadResult;
    try {
      result = readAdif(input);
    } catch (error) {
      fail(input, `readAdif threw ${String(error)}`);
      continue;
    }
    const ms = performance.now() - started;
    if (ms > stats.slowestMs) stats.slowestMs = ms;
    stats.records += result.records.length;
    stats.problems += result.problems.length;
    const lines = lineCount(input);
    for (const problem of result.problems) {
      const why = checkProblem(problem, lines);
      if (why) fail(input, why);
    }
    for (const record of result.records) {
      const why = checkRecord(record, lines);
      if (why) fail(input, why);
    }
    if (i % streamEvery === 0 && input.length <= 8192) {
      stats.streamed++;
      try {
        if (!sameResult(readInChunks(input, () => gen.chunkSize(), 0), result)) fail(input, 'the stream reader read it differently');
      } catch (error) {
        fail(input, `the stream reader threw ${String(error)}`);
      }
    }
    if (i % rewriteEvery === 0 && result.records.length > 0) {
      stats.rewritten++;
      try {
        const again = readAdif(result.records.map((r) => writeAdifRecord(r.fields)).join(''));
        // Empty values are no data: the writer leaves them out.
        const before = JSON.stringify(result.records.map((r) => Object.fromEntries(Object.entries(r.fields).filter(([, v]) => v !== ''))));
        if (again.problems.length > 0 || JSON.stringify(again.records.map((r) => r.fields)) !== before) fail(input, 'written records read back differently');
        for (const record of result.records) {
          const qso = adifRecordToQso(record, NOW);
          if (!qso.ok && (qso.message.trim() === '' || qso.line !== record.line)) fail(input, 'a QSO refused without message');
        }
      } catch (error) {
        fail(input, `writing or mapping threw ${String(error)}`);
      }
    }
  }
  return stats;
}
