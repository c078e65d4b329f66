/**
 * The cross-check kept between passes (IncrementalCrossCheck) at a contest's size, in this process
 * with nothing else running: the first check of S stations and Q QSOs (contest-check.ts's generated
 * CQ WW weekend), then one new contact logged by both sides at a time, as the board's worker would
 * take it, and a pass with the contacts of many stations at once.
 *
 *   npx tsx bench/src/contest-incremental.ts   (BENCH_CONTEST_STATIONS=2000 BENCH_CONTEST_QSOS=200000)
 */
import { performance } from 'node:perf_hooks';
import { contestLocationOf, CQ_WW_CW, type ContestEntry } from '@hamlog/domain';
import { crossCheck, matchingCall } from '@hamlog/domain/contests/rules/cross-check';
import { IncrementalCrossCheck } from '@hamlog/domain/contests/rules/incremental-check';
import { generateContest } from './contest-check';
import { machineText } from './report';

const STATIONS = Number(process.env.BENCH_CONTEST_STATIONS ?? 2_000);
const QSOS = Number(process.env.BENCH_CONTEST_QSOS ?? 200_000);
const START = Date.UTC(2026, 10, 28);

console.log(`contest-incremental: ${STATIONS.toLocaleString('en-US')} stations, ${QSOS.toLocaleString('en-US')} QSOs (${machineText()})`);
const contest = generateContest(STATIONS, QSOS);
// One log per station call, as the board merges a call's portable forms.
const seen = new Set<string>();
contest.calls = contest.calls.filter((call) => !seen.has(matchingCall(call)) && Boolean(seen.add(matchingCall(call))));
const check = new IncrementalCrossCheck(CQ_WW_CW);
let started = performance.now();
check.update(contest.calls.map((call) => ({ call, entries: contest.logs.get(call)! })));
console.log(`  first check: ${((performance.now() - started) / 1000).toFixed(2)} s`);

let id = 0;
const contact = (a: string, b: string, at: number): ContestEntry => ({
  id: `new${(id += 1)}`,
  at,
  band: '20m',
  mode: 'CW',
  call: b,
  sent: { rst: '599', zone: String(contestLocationOf(a).cqZone) },
  received: { rst: '599', zone: String(contestLocationOf(b).cqZone) },
});
const times: number[] = [];
for (let i = 0; i < 20; i += 1) {
  const a = contest.calls[(i * 7) % contest.calls.length]!;
  const b = contest.calls[(i * 13 + 1) % contest.calls.length]!;
  const at = START + 47 * 3_600_000 + i * 60_000;
  contest.logs.get(a)!.push(contact(a, b, at));
  contest.logs.get(b)!.push(contact(b, a, at));
  started = performance.now();
  check.update([a, b].map((call) => ({ call, entries: contest.logs.get(call)! })));
  times.push(performance.now() - started);
}
times.sort((x, y) => x - y);
console.log(`  one contact in both logs: median ${times[10]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (20 contacts)`);

const many = contest.calls.slice(0, 200);
for (const [i, a] of many.entries()) {
  const b = contest.calls[(i * 31 + 5) % contest.calls.length]!;
  if (b === a) continue;
  const at = START + 47 * 3_600_000 + 30 * 60_000 + i * 1000;
  contest.logs.get(a)!.push(contact(a, b, at));
  contest.logs.get(b)!.push(contact(b, a, at));
}
const changed = [...new Set(many.flatMap((a, i) => [a, contest.calls[(i * 31 + 5) % contest.calls.length]!]))];
started = performance.now();
check.update(changed.map((call) => ({ call, entries: contest.logs.get(call)! })));
console.log(`  a pass with ${changed.length} stations' logs changed: ${((performance.now() - started) / 1000).toFixed(2)} s`);

// The kept check against a whole check of the same logs: every verdict the same.
started = performance.now();
const whole = crossCheck(CQ_WW_CW, contest.calls.map((call) => ({ call, entries: contest.logs.get(call)! })));
const wholeS = (performance.now() - started) / 1000;
let differ = 0;
const kept = check.all();
for (const [call, verdicts] of whole) {
  const mine = kept.get(call) ?? [];
  verdicts.forEach((verdict, i) => {
    if (JSON.stringify(verdict) !== JSON.stringify(mine[i])) {
      if (differ < 5) console.log(`  differs in ${call}: whole ${JSON.stringify(verdict)}, kept ${JSON.stringify(mine[i])}`);
      differ += 1;
    }
  });
}
console.log(`  against a whole check (${wholeS.toFixed(2)} s): ${differ} of ${[...whole.values()].reduce((n, v) => n + v.length, 0).toLocaleString('en-US')} verdicts differ`);
