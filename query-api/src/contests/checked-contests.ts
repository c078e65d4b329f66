import type { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { contestOccurrence, contestRulesOf, type CheckedEntry, type Contest, type ContestRules } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import { startSiblingWorker } from '@hamlog/infra/runtime/sibling-worker';
import type { CheckedContest } from './check-contest';
import type { CheckRequest, CheckWorkerData, FromCheckWorker, ToCheckWorker } from './check-worker';

/** How old a check may be before the next one starts: every participant polls the board every 10 s. */
const REFRESH_MS = 2_000;

interface Cached {
  /** The last check that finished, and when it started. */
  done: { at: number; result: CheckedContest } | null;
  /** The check running now, if one is. */
  running: Promise<CheckedContest> | null;
}

type Pending = { resolve: (reply: FromCheckWorker) => void; reject: (error: Error) => void };

/**
 * Contests checked for every viewer at once, in a worker thread (check-worker.ts) so that a big
 * contest's check never holds up the requests this process answers. A check older than REFRESH_MS
 * starts the next one, but the board answers from the last one that finished: only the very first
 * request waits. One check per contest runs at a time.
 */
export class CheckedContests {
  private readonly cache = new Map<string, Cached>();
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    /** Where the aggregates are when not in PostgreSQL. */
    private readonly clickhouseUrl?: string,
  ) {}

  /** The contest's last check (at `at`); the first time, the check itself. */
  async get(contest: Contest, rules: ContestRules, at: Date): Promise<CheckedContest> {
    const cached = this.cache.get(contest.id) ?? { done: null, running: null };
    this.cache.set(contest.id, cached);
    const now = Date.now();
    if (!cached.running && (!cached.done || now - cached.done.at >= REFRESH_MS)) {
      const running = this.ask({ check: { contest, rules, at: at.toISOString() } }).then((reply) => {
        if (!('checked' in reply)) throw new Error('the contest check worker answered something else');
        return reply.checked;
      });
      cached.running = running;
      running
        .then((result) => (cached.done = { at: now, result }))
        .catch((error: unknown) => this.logger.error({ err: error, contestId: contest.id }, 'checking the contest failed'))
        .finally(() => (cached.running = null));
    }
    return cached.done?.result ?? cached.running!;
  }

  /**
   * Starts the first check of every contest of real rules running at `at`, so that after a restart
   * the first viewer of a big contest does not wait for its whole first check.
   */
  warm(contests: readonly Contest[], at: Date): void {
    for (const contest of contests) {
      const rules = contestRulesOf(contest);
      const { startsAt, endsAt } = contestOccurrence(contest, at);
      if (!rules || at < startsAt || at >= endsAt) continue;
      this.get(contest, rules, at).catch(() => {}); // get() logs a failed check
    }
  }

  /** A station's verdicts (by QSO id) in the contest's last check, after one has finished; undefined when it had no QSOs then. */
  async stationChecks(contest: Contest, rules: ContestRules, at: Date, call: string): Promise<Map<string, CheckedEntry> | undefined> {
    await this.get(contest, rules, at);
    const reply = await this.ask({ station: { contestId: contest.id, call } });
    return 'station' in reply && reply.station ? new Map(reply.station.map((entry) => [entry.id, entry])) : undefined;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private ask(request: CheckRequest): Promise<FromCheckWorker> {
    const id = ++this.nextId;
    const worker = this.started();
    return new Promise<FromCheckWorker>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      const message: ToCheckWorker = { ...request, id };
      worker.postMessage(message);
    }).then((reply) => {
      if ('error' in reply) throw new Error(reply.error);
      return reply;
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const connectionString = (this.pool as pg.Pool & { options: { connectionString?: string } }).options.connectionString;
    if (!connectionString) throw new Error('the contest check worker needs the database URL');
    const data: CheckWorkerData = { databaseUrl: connectionString, ...(this.clickhouseUrl ? { clickhouseUrl: this.clickhouseUrl } : {}) };
    const worker = startSiblingWorker(import.meta.url, 'check-worker', data);
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    worker.on('message', (reply: FromCheckWorker) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
      // Nothing asked: the thread does not keep the process alive.
      if (this.pending.size === 0) worker.unref();
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the contest check worker stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
