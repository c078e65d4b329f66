/**
 * The thread contests are checked in (CheckedContests): a whole contest's first check takes
 * seconds at a big contest's size, and must not hold up the event loop that answers every other
 * request. It reads the stream's contest facts itself (its own small pool, or ClickHouse), keeps each contest's check between passes
 * (each later pass reads only the stations whose QSOs changed), and sends back only the board and
 * the organiser's list; a station's verdicts are asked for one station at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { contestOccurrence, type CheckedEntry, type Contest, type ContestRules } from '@hamlog/domain';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openContestQsoReads } from '@hamlog/infra/runtime/adapters';
import { KeptContestCheck, type CheckedContest } from './check-contest';

/** What the thread is started with: the read models' database, and ClickHouse when the aggregates are there. */
export interface CheckWorkerData {
  databaseUrl: string;
  clickhouseUrl?: string;
}

/** Check a contest now, or answer one station's verdicts of the contest's last check. */
export type CheckRequest = { check: { contest: Contest; rules: ContestRules; at: string } } | { station: { contestId: string; call: string } };
export type ToCheckWorker = { id: number } & CheckRequest;
export type FromCheckWorker =
  | { id: number; checked: CheckedContest }
  | { id: number; station: CheckedEntry[] | null }
  | { id: number; error: string };

const port = parentPort!;
const { databaseUrl, clickhouseUrl } = (workerData as { data: CheckWorkerData }).data;
const pool = createPool(databaseUrl, 2);
const facts = openContestQsoReads({ clickhouseUrl }, pool);
/** Each contest's check, kept between passes. */
const kept = new Map<string, KeptContestCheck>();

port.on('message', (message: ToCheckWorker) => {
  void answer(message).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies FromCheckWorker),
  );
});

async function answer(message: ToCheckWorker): Promise<FromCheckWorker> {
  if ('check' in message) {
    const { contest, rules } = message.check;
    const at = new Date(message.check.at);
    const window = contestOccurrence(contest, at);
    let check = kept.get(contest.id);
    // New rules or another occurrence of the contest: checked anew.
    if (!check || JSON.stringify(check.rules) !== JSON.stringify(rules) || check.window.startsAt.getTime() !== window.startsAt.getTime() || check.window.endsAt.getTime() !== window.endsAt.getTime()) {
      check = new KeptContestCheck(pool, facts, contest, rules, window);
      kept.set(contest.id, check);
    }
    return { id: message.id, checked: await check.refresh(at, contest) };
  }
  return { id: message.id, station: kept.get(message.station.contestId)?.stationChecks(message.station.call) ?? null };
}
