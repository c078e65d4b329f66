/**
 * A long recorded fuzz run of the ADIF reader (the CI test, domain/test/adif/adif-fuzz.test.ts,
 * runs 1,000,000 inputs): the same checks, for as many inputs or seconds as asked. Prints inputs/s,
 * the totals and any failure (exit code 1 then).
 *
 *   npm run bench:adif-fuzz                 (= npx tsx bench/src/adif-fuzz.ts)
 *   BENCH_ADIF_FUZZ_INPUTS=10000000         (default 10,000,000)
 *   BENCH_ADIF_FUZZ_SECONDS=600             (stop earlier after this long; default none)
 *   BENCH_ADIF_FUZZ_SEED=1000               (first seed; each million inputs takes the next one)
 */
import { AdifFuzzInputs, runAdifFuzz, type FuzzStats } from '../../domain/test/adif/adif-fuzz-inputs';
import { fixtures } from '../../domain/test/adif/adif-helpers';
import { isMain, machineText } from './report';

const INPUTS = Number(process.env.BENCH_ADIF_FUZZ_INPUTS ?? 10_000_000);
const SECONDS = Number(process.env.BENCH_ADIF_FUZZ_SECONDS ?? Number.POSITIVE_INFINITY);
const FIRST_SEED = Number(process.env.BENCH_ADIF_FUZZ_SEED ?? 1000);
const PER_SEED = 1_000_000;

export function runAdifFuzzBench(): FuzzStats {
  const sources = fixtures().map((f) => f.bytes);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const total: FuzzStats = { inputs: 0, bytes: 0, records: 0, problems: 0, streamed: 0, rewritten: 0, slowestMs: 0, failures: [] };
  for (let seed = FIRST_SEED; total.inputs < INPUTS && performance.now() < deadline; seed++) {
    const stats = runAdifFuzz(new AdifFuzzInputs(sources, seed), { count: Math.min(PER_SEED, INPUTS - total.inputs), deadline });
    total.inputs += stats.inputs;
    total.bytes += stats.bytes;
    total.records += stats.records;
    total.problems += stats.problems;
    total.streamed += stats.streamed;
    total.rewritten += stats.rewritten;
    total.slowestMs = Math.max(total.slowestMs, stats.slowestMs);
    total.failures.push(...stats.failures.map((f) => `seed ${seed}: ${f}`));
    const seconds = (performance.now() - started) / 1000;
    console.log(`seed ${seed}: ${total.inputs} inputs so far, ${Math.round(total.inputs / seconds)} inputs/s, ${total.failures.length} failures`);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nADIF fuzz: ${total.inputs} inputs (${(total.bytes / 1e6).toFixed(0)} MB) in ${seconds.toFixed(1)} s = ${Math.round(total.inputs / seconds)} inputs/s; ` +
      `${total.records} records, ${total.problems} problems, ${total.streamed} streamed, ${total.rewritten} rewritten; ` +
      `slowest input ${total.slowestMs.toFixed(1)} ms; ${total.failures.length} failures`,
  );
  for (const failure of total.failures.slice(0, 20)) console.log(`FAILURE ${failure}`);
  return total;
}

if (isMain(import.meta.url)) {
  console.log(machineText());
  if (runAdifFuzzBench().failures.length > 0) process.exitCode = 1;
}
