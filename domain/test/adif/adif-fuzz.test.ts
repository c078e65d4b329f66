/**
 * Fuzz test of the ADIF reader: 1,000,000 inputs (pieces of the real files mutated, token soups,
 * random bytes). No crash, no hang, every problem a message with a line inside the input, the
 * stream reader agreeing with readAdif, records written and read back unchanged. A longer run:
 * npm run bench:adif-fuzz.
 */
import { describe, expect, it } from 'vitest';
import { AdifFuzzInputs, runAdifFuzz } from './adif-fuzz-inputs';
import { fixtures } from './adif-helpers';

const PER_BLOCK = 250_000;
/** A generous bound: one input (at most a whole real file, ~1 MB) on a busy CI machine. */
const SLOWEST_INPUT_MS = 5_000;

describe('ADIF reader fuzz', () => {
  const sources = fixtures().map((f) => f.bytes);
  for (const seed of [1, 2, 3, 4]) {
    it(`survives ${PER_BLOCK.toLocaleString('en')} inputs (seed ${seed})`, { timeout: 240_000 }, () => {
      const started = performance.now();
      const stats = runAdifFuzz(new AdifFuzzInputs(sources, seed), { count: PER_BLOCK });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `ADIF fuzz seed ${seed}: ${stats.inputs} inputs (${(stats.bytes / 1e6).toFixed(1)} MB) in ${seconds.toFixed(1)} s, ` +
          `${Math.round(stats.inputs / seconds)} inputs/s; ${stats.records} records, ${stats.problems} problems, ` +
          `${stats.streamed} streamed, ${stats.rewritten} rewritten, slowest ${stats.slowestMs.toFixed(1)} ms`,
      );
      expect(stats.failures).toEqual([]);
      expect(stats.inputs).toBe(PER_BLOCK);
      expect(stats.problems).toBeGreaterThan(PER_BLOCK / 2);
      expect(stats.records).toBeGreaterThan(PER_BLOCK / 50);
      expect(stats.streamed).toBeGreaterThan(PER_BLOCK / 100);
      expect(stats.rewritten).toBeGreaterThan(PER_BLOCK / 1000);
      expect(stats.slowestMs).toBeLessThan(SLOWEST_INPUT_MS);
    });
  }
});
