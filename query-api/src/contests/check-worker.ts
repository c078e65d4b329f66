/**
 * The thread contests are checked in (CheckedContests): a whole contest's check takes seconds at
 * a big contest's size, and must not hold up the event loop that answers every other request. It
 * reads the QSOs itself (its own small pool), keeps each contest's last verdicts, and sends back
 * only the board and the organiser's list; a station's verdicts are asked for one station at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckedEntry, Contest, ContestRules } from '@hamlog/domain';
import { createPool } from '@hamlog/infra/postgres/pool';
import { checkContest, type CheckedContest } from './check-contest';

/** Check a contest now, or answer one station's verdicts of the contest's last check. */
export type CheckRequest = { check: { contest: Contest; rules: ContestRules; at: string } } | { station: { contestId: string; call: string } };
export type ToCheckWorker = { id: number } & CheckRequest;
export type FromCheckWorker =
  | { id: number; checked: Omit<CheckedContest, 'checks'> }
  | { id: number; station: CheckedEntry[] | null }
  | { id: number; error: string };

const port = parentPort!;
const { databaseUrl } = (workerData as { data: { databaseUrl: string } }).data;
const pool = createPool(databaseUrl, 2);
/** Each contest's last verdicts, by matchingCall of the station, then QSO id. */
const verdicts = new Map<string, CheckedContest['checks']>();

port.on('message', (message: ToCheckWorker) => {
  void answer(message).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies FromCheckWorker),
  );
});

async function answer(message: ToCheckWorker): Promise<FromCheckWorker> {
  if ('check' in message) {
    const { contest, rules, at } = message.check;
    const { checks, ...checked } = await checkContest(pool, contest, rules, new Date(at));
    verdicts.set(contest.id, checks);
    return { id: message.id, checked };
  }
  const found = verdicts.get(message.station.contestId)?.get(message.station.call);
  return { id: message.id, station: found ? [...found.values()] : null };
}
