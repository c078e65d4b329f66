/** Shared by the ADIF tests: the fixture files and a reader of them that is not ours. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdifStreamReader, type AdifReadResult } from '../../src/adif';

export const FIXTURE_DIR = join(import.meta.dirname, '../fixtures/adif');

export interface Fixture {
  name: string;
  bytes: Uint8Array;
}

export function fixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith('.adi'))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(FIXTURE_DIR, name))) }));
}

/** A small deterministic random generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Reads the parts through AdifStreamReader, one push each (each followed by a drain), then end(). */
export function readParts(parts: Iterable<Uint8Array>, minBatchBytes?: number): AdifReadResult {
  const reader = new AdifStreamReader(minBatchBytes === undefined ? {} : { minBatchBytes });
  const records: AdifReadResult['records'] = [];
  const problems: AdifReadResult['problems'] = [];
  const take = (): void => {
    const out = reader.drain();
    records.push(...out.records);
    problems.push(...out.problems);
  };
  for (const part of parts) {
    reader.push(part);
    take();
  }
  reader.end();
  take();
  return { header: reader.header, records, problems };
}

function* chunks(bytes: Uint8Array, nextSize: () => number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; ) {
    const size = Math.max(1, nextSize());
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

/** Reads `bytes` through AdifStreamReader in chunks of the sizes `nextSize` gives. */
export function readInChunks(bytes: Uint8Array, nextSize: () => number, minBatchBytes?: number): AdifReadResult {
  return readParts(chunks(bytes, nextSize), minBatchBytes);
}

export interface NaiveRecord {
  names: string[];
  /** Name to the text between its tag and the next tag, without trailing white space. */
  texts: Record<string, string>;
}

/**
 * The records of a (valid UTF-8) fixture the simplest way: after the first <EOH>, split at each
 * <EOR>; in each piece, a field's text runs from its tag to the next tag. No lengths are used.
 */
export function naiveRecords(bytes: Uint8Array): NaiveRecord[] {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  const eoh = text.search(/<eoh>/i);
  const body = eoh >= 0 ? text.slice(eoh + 5) : text;
  const pieces = body.split(/<eor>/i);
  pieces.pop();
  const tag = /<([A-Za-z][A-Za-z0-9_]*):(\d+)(?::[A-Za-z]+)?>/g;
  return pieces
    .map((piece) => {
      const tags = [...piece.matchAll(tag)];
      const texts: Record<string, string> = {};
      tags.forEach((match, i) => {
        const start = match.index + match[0].length;
        const end = i + 1 < tags.length ? tags[i + 1]!.index : piece.length;
        texts[match[1]!.toUpperCase()] = piece.slice(start, end).trimEnd();
      });
      return { names: tags.map((match) => match[1]!.toUpperCase()), texts };
    })
    .filter((record) => record.names.length > 0);
}

/** How many <EOR> the bytes hold, counted without our reader. */
export function countEor(bytes: Uint8Array): number {
  return (new TextDecoder('latin1').decode(bytes).match(/<eor>/gi) ?? []).length;
}
