/**
 * Every benchmark in sequence, then one table of all figures with their targets.
 *
 *   npm run bench      (= npx tsx bench/src/run-all.ts)
 */
import { benchConfig } from './config';
import { runGeneratorCeiling } from './generator-ceiling';
import { runLatency } from './latency';
import { figureTable, judge, machineText, type Figure } from './report';
import { stopAll } from './server';
import { runStartup } from './startup';
import { runThroughput } from './throughput';

const benchmarks: [string, () => Promise<Figure[]>][] = [
  ['generator-ceiling', runGeneratorCeiling],
  ['throughput', runThroughput],
  ['latency', runLatency],
  ['startup', runStartup],
];

const started = performance.now();
const figures: Figure[] = [];
let failed = 0;
console.log(`HamLog benchmarks (${machineText()}); the generator runs in this process, sharing the cores with the server`);
for (const [name, run] of benchmarks) {
  const t = performance.now();
  console.log(`\n--- ${name} (${machineText()}) ---`);
  try {
    figures.push(...(await run()));
  } catch (error) {
    failed += 1;
    console.error(`${name} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    figures.push({ benchmark: name, name: 'run', value: Number.NaN, unit: '', shown: 'FAILED (see log)' });
  }
  console.log(`(${name}: ${((performance.now() - t) / 1000).toFixed(0)} s)`);
}
await stopAll();

console.log(`\n== all figures (${benchConfig.date}; total ${((performance.now() - started) / 1000).toFixed(0)} s) ==`);
console.log(figureTable(figures, true));
const misses = figures.filter((f) => judge(f).status === 'miss').length;
console.log(`\n${figures.filter((f) => judge(f).status === 'pass').length} targets met, ${misses} missed, ${failed} benchmark(s) failed`);
process.exitCode = failed > 0 ? 1 : 0;
